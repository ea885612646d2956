import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageByCode } from '../../i18n/languages';
import { nisOf } from '../../lib/agorot';
import { useFormats } from '../../ui/useFormats';
import own from './Books.module.css';
import type { BarSeries } from './barChart';
import { drawBarChart } from './barChart';

/** A colour of the design tokens (src/ui/tokens.css), for the canvas, which cannot read CSS variables itself. */
export function tokenColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#1d4ed8';
}

type Props = { labels: readonly string[]; series: readonly BarSeries[]; summary: string; horizontal?: boolean };

/** Bars in shekels (values in agorot), redrawn when the numbers or the language change. */
export function BarChart({ labels, series, summary, horizontal = false }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const f = useFormats();
  const { t } = useTranslation('books');
  // Chart.js is kept on first use (sw/onDemand.ts): offline before that, the table beside it has every number.
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!unavailable) return;
    const retry = () => setUnavailable(false);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unavailable]);
  const rtl = languageByCode(f.locale).dir === 'rtl';
  const key = JSON.stringify({ labels, series, horizontal, rtl });
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    let live = true;
    let chart: { destroy(): void } | null = null;
    void drawBarChart(target, {
      labels,
      series: series.map((s) => ({ ...s, values: s.values.map(nisOf) })),
      horizontal,
      rtl,
      format: (v) => f.nis(v),
    }).then(
      (drawn) => {
        if (live) chart = drawn;
        else drawn.destroy();
      },
      () => {
        if (live) setUnavailable(true);
      },
    );
    return () => {
      live = false;
      chart?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redrawn on the numbers and the language only (key), or when it could not load before; f is a fresh object every render
  }, [key, unavailable]);
  if (unavailable) {
    return (
      <p className={own.chartUnavailable} role="note">
        {t('reports.chartUnavailable')}
      </p>
    );
  }
  const height = horizontal ? Math.max(160, labels.length * 44 + 60) : 240;
  return (
    <div className={own.chart} style={{ blockSize: `${height}px` }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
