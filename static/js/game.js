// The board's route links live inside the SVG, where htmx does not boost <a>: open the
// payment panel through htmx here. Without JavaScript the link loads the full page instead.
document.addEventListener("click", function (event) {
  var link = event.target.closest ? event.target.closest("#board a[href]") : null;
  if (!link || !window.htmx || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  window.htmx
    .ajax("GET", link.getAttribute("href"), { target: "#action-panel", swap: "outerHTML" })
    .then(function () {
      var panel = document.getElementById("action-panel");
      if (panel && panel.scrollIntoView) panel.scrollIntoView({ block: "nearest" });
    });
});
