// Start the new player in their own time zone; they can change it in settings.
(function () {
  var field = document.getElementById("id_timezone");
  try { if (field && !field.value) field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; }
  catch (e) { /* the server falls back to UTC */ }
})();
