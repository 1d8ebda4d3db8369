// Forms that take a moment (log in, sign up) say that they are working: the button reads its
// form's data-busy text and cannot be pressed twice.
(function () {
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.dataset || !form.dataset.busy || event.defaultPrevented) return;
    var button = form.querySelector("button[type=submit]");
    if (!button) return;
    form.setAttribute("aria-busy", "true");
    button.dataset.idle = button.textContent;
    button.textContent = form.dataset.busy;
    // Disabled after this tick, so the button's own click still submits the form.
    setTimeout(function () { button.disabled = true; }, 0);
  });
  // An address to copy (an invitation link): one click selects all of it.
  document.addEventListener("click", function (event) {
    var field = event.target.closest && event.target.closest("input[data-select-all]");
    if (field) field.select();
  });
  // A Copy button beside such an address, in the same wrapper (hidden without JavaScript): the
  // address goes to the clipboard, and the button says so.
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = button.parentElement && button.parentElement.querySelector("input[data-select-all]");
    if (!field) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      function done() { button.textContent = button.dataset.copied; }
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () {
          if (document.execCommand("copy")) done();
        });
      } else if (document.execCommand("copy")) {
        done();
      }
    });
  });
  // Back to the page from the browser's cache: the form is idle again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("form[aria-busy=true]").forEach(function (form) {
      form.removeAttribute("aria-busy");
      var button = form.querySelector("button[type=submit]");
      if (button) { button.disabled = false; button.textContent = button.dataset.idle; }
    });
  });
})();
