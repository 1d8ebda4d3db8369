// The settings page's switch for browser notifications on this device: asks the browser's
// permission, subscribes through the service worker with the site's VAPID key, and sends the
// subscription to the site (or takes it back). Without it the page still lists and removes
// devices with plain forms.
(function () {
  "use strict";
  var box = document.querySelector(".push-here");
  if (!box || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
  var on = box.querySelector(".push-on");
  var off = box.querySelector(".push-off");
  var status = box.querySelector(".push-status");
  var words = document.querySelector(".push-words").dataset;
  box.hidden = false;
  document.querySelector(".push-unsupported").hidden = true;

  function csrfToken() {
    // The token base.html puts on the body for htmx; no script reads a cookie.
    return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
  }

  function send(url, data) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(data)
    }).then(function (response) {
      if (response.ok) return response.json();
      return response.json().then(function (answer) { throw new Error(answer.message || words.failed); });
    });
  }

  function keyBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function deviceName() {
    var agent = navigator.userAgent;
    var browser = /Firefox\//.test(agent) ? "Firefox" : /Edg\//.test(agent) ? "Edge"
      : /Chrom(e|ium)\//.test(agent) ? "Chromium" : /Safari\//.test(agent) ? "Safari" : "";
    var system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS"
      : /Mac OS/.test(agent) ? "macOS" : /Windows/.test(agent) ? "Windows" : /Linux/.test(agent) ? "Linux" : "";
    return [browser, system].filter(Boolean).join(" · ");
  }

  function show(subscription) {
    on.hidden = !!subscription;
    off.hidden = !subscription;
    if (!subscription) return;
    document.querySelectorAll(".reach-list li[data-endpoint]").forEach(function (item) {
      if (item.dataset.endpoint === subscription.endpoint) item.classList.add("this-device");
    });
  }

  navigator.serviceWorker.ready.then(function (registration) {
    return registration.pushManager.getSubscription();
  }).then(show);

  on.addEventListener("click", function () {
    status.textContent = "";
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") throw new Error(words.denied);
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.key)
      });
    }).then(function (subscription) {
      var data = subscription.toJSON();
      data.device = deviceName();
      return send(box.dataset.subscribe, data);
    }).then(function () {
      window.location.hash = "devices";
      window.location.reload();
    }).catch(function (error) {
      status.textContent = error && error.message && error.message.length < 200 ? error.message : words.failed;
    });
  });

  off.addEventListener("click", function () {
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () {
        return send(box.dataset.unsubscribe, { endpoint: endpoint });
      });
    }).then(function () {
      window.location.hash = "devices";
      window.location.reload();
    }).catch(function () { status.textContent = words.failed; });
  });
})();
