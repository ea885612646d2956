// The painted offline start (issue 13, src/session/paintedStart.ts): before any app script runs, the
// dashboard as last rendered goes on screen as an inert cover over #root, styled by the rules kept with
// it; the app removes it once its own list is rendered. Plain script, no modules: it must run while the
// document is still parsed. Nothing here loads: a style sheet link added now would hold the app's
// scripts back until it arrived. The page's Content-Security-Policy allows no inline style (no <style>
// element, no style attribute): the rules go in as a constructed style sheet and the elements' own
// styles (kept as data-painted-style) through the CSSOM, which the policy does not govern.
(function () {
  try {
    // The buildings list's own page, or "/" when the list is the user's home (src/lib/appPaths.ts).
    var path = location.pathname;
    if (path !== '/buildings' && path !== '/') return;
    var raw = localStorage.getItem('binyan.paintedStart');
    if (!raw) return;
    var shot = JSON.parse(raw);
    if (!shot || typeof shot.html !== 'string' || typeof shot.css !== 'string') return;
    if (path === '/' && shot.home !== true) return;
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
    cover.innerHTML = shot.html;
    var styled = cover.querySelectorAll('[data-painted-style]');
    for (var i = 0; i < styled.length; i++) styled[i].style.cssText = styled[i].getAttribute('data-painted-style');
    // The rules go with the cover: the app takes both away (src/session/paintedStart.ts).
    var rules = new CSSStyleSheet();
    rules.replaceSync(shot.css);
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([rules]);
    cover.paintedRules = rules;
    root.parentNode.insertBefore(cover, root);
    requestAnimationFrame(function () {
      performance.mark('binyan:dashboard-painted');
    });
    // Never in the way for long: the app takes it away itself as soon as it shows a screen.
    setTimeout(function () {
      if (cover.parentNode) cover.parentNode.removeChild(cover);
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (sheet) {
        return sheet !== rules;
      });
    }, 15000);
  } catch {
    // A broken snapshot only means no early paint.
  }
})();
