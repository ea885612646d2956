// The painted offline start (issue 13, src/session/paintedStart.ts): before any app script runs, the
// dashboard as last rendered goes on screen as an inert cover over #root, styled by the rules kept with
// it; the app removes it once its own list is rendered. Plain script, no modules: it must run while the
// document is still parsed. Nothing here loads: a style sheet link added now would hold the app's
// scripts back until it arrived.
(function () {
  try {
    if (location.pathname !== '/') return;
    var raw = localStorage.getItem('binyan.paintedStart');
    if (!raw) return;
    var shot = JSON.parse(raw);
    if (!shot || typeof shot.html !== 'string' || typeof shot.css !== 'string') return;
    var root = document.getElementById('root');
    if (!root) return;
    var html = document.documentElement;
    if (shot.lang) html.lang = shot.lang;
    if (shot.dir) html.dir = shot.dir;
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
    // The rules go with the cover, and with it when the app takes it away.
    var rules = document.createElement('style');
    rules.textContent = shot.css;
    cover.innerHTML = shot.html;
    cover.insertBefore(rules, cover.firstChild);
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
