// The site as an app: registers the service worker (templates/app/sw.js) and puts the number
// of games awaiting a move on the installed app's icon, where the browser can.
(function () {
  "use strict";
  var script = document.currentScript;
  var awaiting = script ? parseInt(script.dataset.awaiting || "0", 10) : 0;
  if ("serviceWorker" in navigator && script && script.dataset.worker) {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
      // No worker (a private window, an old browser): the site works as a plain site.
    });
  }
  if ("setAppBadge" in navigator) {
    (awaiting > 0 ? navigator.setAppBadge(awaiting) : navigator.clearAppBadge()).catch(function () {});
  }
})();
