// The analysis page while its analysis runs: the game's event stream (games/live/stream_asgi.py)
// tells each step of its progress and its end (games.services.analysis moves the game's
// version on), and the progress part asks at once; once it is done the answer is the page's
// whole body (games/web/views/analysis.py). A page whose stream is cut asks as it is cut
// (the browser opens the stream again soon) and every 30 s meanwhile; a site without a
// stream polls every 3 s.
(function () {
  var stream = null;
  function part() { return document.getElementById("analysis-progress"); }
  function told(event) {
    var shown = part();
    if (!shown || !shown.dataset.version) {
      stream.close(); // done, and shown: nothing more to hear
      return;
    }
    var versions;
    try { versions = JSON.parse(event.data); } catch (e) { return; }
    if (String(versions.v) !== shown.dataset.version && window.htmx) {
      window.htmx.trigger(shown, "analysis-told");
    }
  }
  function cut() {
    var shown = part();
    if (shown && shown.dataset.version && window.htmx) window.htmx.trigger(shown, "analysis-told");
  }
  function open() {
    var shown = part();
    var url = shown && shown.dataset.stream;
    if (stream || !url || !window.EventSource) return;
    stream = new EventSource(url);
    stream.addEventListener("version", told);
    stream.addEventListener("error", cut);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", open);
  } else {
    open();
  }
})();
