// The reference page's one line of script (public/bench-static.html): the mark the benchmark waits for.
performance.mark('binyan:bench-static-rendered');
