// The painted offline start (issue 13, src/session/paintedStart.ts): before any app script runs, the
// dashboard as last rendered goes on screen as an inert cover over #root; the app removes it once its
// own list is rendered. Plain script, no modules: it must run while the document is still parsed.
(function () {
  try {
    if (location.pathname !== '/') return;
    var raw = localStorage.getItem('binyan.paintedStart');
    if (!raw) return;
    var shot = JSON.parse(raw);
    if (!shot || typeof shot.html !== 'string' || !Array.isArray(shot.styles)) return;
    var root = document.getElementById('root');
    if (!root) return;
    var html = document.documentElement;
    if (shot.lang) html.lang = shot.lang;
    if (shot.dir) html.dir = shot.dir;
    var present = {};
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i++) present[new URL(links[i].href).pathname] = true;
    for (var j = 0; j < shot.styles.length; j++) {
      var href = shot.styles[j];
      if (typeof href !== 'string' || href.charAt(0) !== '/' || present[href]) continue;
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.setAttribute('blocking', 'render');
      document.head.appendChild(link);
    }
    var cover = document.createElement('div');
    cover.id = 'painted-start';
    cover.inert = true;
    cover.setAttribute('aria-hidden', 'true');
    var style = cover.style;
    style.position = 'fixed';
    style.inset = '0';
    style.zIndex = '2147483647';
    style.overflow = 'hidden';
    style.background = 'Canvas';
    cover.innerHTML = shot.html;
    root.parentNode.insertBefore(cover, root);
    requestAnimationFrame(function () {
      performance.mark('binyan:dashboard-painted');
    });
    // Never in the way for long: the app takes it away itself as soon as it shows a screen.
    setTimeout(function () {
      if (cover.parentNode) cover.parentNode.removeChild(cover);
    }, 15000);
  } catch {
    // A broken snapshot only means no early paint.
  }
})();
