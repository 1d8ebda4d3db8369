// The analysis page while its analysis runs: the game's event stream (games/live/stream_asgi.py)
// tells the moment it is done (the game's version moves on), and the progress part asks at
// once; its answer is then the page's whole body (games/web/views/analysis.py). The progress
// part still asks every 2 s for its bar, and by itself when there is no stream.
(function () {
  var stream = null;
  function told(event) {
    var part = document.getElementById("analysis-progress");
    if (!part || !part.dataset.version) {
      stream.close(); // done, and shown: nothing more to hear
      return;
    }
    var versions;
    try { versions = JSON.parse(event.data); } catch (e) { return; }
    if (String(versions.v) !== part.dataset.version && window.htmx) {
      window.htmx.trigger(part, "analysis-told");
    }
  }
  function open() {
    var part = document.getElementById("analysis-progress");
    var url = part && part.dataset.stream;
    if (stream || !url || !window.EventSource) return;
    stream = new EventSource(url);
    stream.addEventListener("version", told);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", open);
  } else {
    open();
  }
})();
