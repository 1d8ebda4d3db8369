/* The replay, turn by turn: the slider shows the turn it is moved to, the left and right
   arrow keys step back and on, and Play steps on by itself every 1.5 s (the address keeps
   play=1 from one turn to the next) until Pause or the last turn. Without JavaScript the
   links and the slider's Show button do the same. */
(function () {
  "use strict";
  var form = document.getElementById("replay-form");
  if (!form) return;
  var slider = document.getElementById("replay-turn");
  var play = document.getElementById("replay-play");
  var next = document.getElementById("replay-next");
  var prev = document.getElementById("replay-prev");
  var playing = new URLSearchParams(location.search).get("play") === "1" && !!next;
  var timer = null;

  function go(link, keepPlaying) {
    if (!link) return;
    var url = new URL(link.href, location.href);
    if (keepPlaying) url.searchParams.set("play", "1");
    location.assign(url.toString());
  }

  slider.addEventListener("change", function () { form.submit(); });
  document.getElementById("replay-go").hidden = true;

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target !== slider && target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === "ArrowRight" && next) { event.preventDefault(); go(next, false); }
    if (event.key === "ArrowLeft" && prev) { event.preventDefault(); go(prev, false); }
  });

  play.hidden = false;
  function show() {
    play.textContent = playing ? play.dataset.pause : play.dataset.play;
    play.setAttribute("aria-pressed", playing ? "true" : "false");
  }
  play.addEventListener("click", function () {
    playing = !playing;
    show();
    if (playing) {
      // From the last turn, Play starts again at the deal.
      if (next) go(next, true); else location.assign("?turn=0&play=1");
    } else if (timer) {
      clearTimeout(timer);
      var url = new URL(location.href);
      url.searchParams.delete("play");
      history.replaceState(null, "", url.toString());
    }
  });
  show();
  if (playing) timer = setTimeout(function () { go(next, true); }, 1500);
})();
