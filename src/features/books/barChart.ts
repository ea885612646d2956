// The books' charts (Chart.js, loaded with the first chart, only on these screens): grouped bars of
// amounts per period or per group. The only place Chart.js is used; the tables beside each chart keep
// every number readable, and the canvas carries a spoken summary.
import type { Chart } from 'chart.js';

export type BarSeries = { label: string; values: readonly number[]; color: string };
export type BarChartSpec = { labels: readonly string[]; series: readonly BarSeries[]; horizontal?: boolean; rtl: boolean; format(value: number): string };

export async function drawBarChart(canvas: HTMLCanvasElement, spec: BarChartSpec): Promise<Chart> {
  const { BarController, BarElement, CategoryScale, Chart: ChartJs, Legend, LinearScale, Tooltip } = await import('chart.js');
  ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
  const valueAxis = spec.horizontal ? 'x' : 'y';
  const categoryAxis = spec.horizontal ? 'y' : 'x';
  return new ChartJs(canvas, {
    type: 'bar',
    data: {
      labels: [...spec.labels],
      datasets: spec.series.map((s) => ({ label: s.label, data: [...s.values], backgroundColor: s.color, borderRadius: 3 })),
    },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      locale: document.documentElement.lang || undefined,
      plugins: {
        legend: { position: 'bottom', rtl: spec.rtl, labels: { boxWidth: 12 } },
        tooltip: { rtl: spec.rtl, callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${spec.format(Number(item.raw))}` } },
      },
      // Right to left: periods run from the right, and horizontal bars grow leftwards from labels on the right.
      scales: {
        [valueAxis]: {
          beginAtZero: true,
          reverse: spec.rtl && Boolean(spec.horizontal),
          ticks: { callback: (value: string | number) => spec.format(Number(value)) },
        },
        [categoryAxis]: { reverse: spec.rtl && !spec.horizontal, position: spec.rtl && spec.horizontal ? 'right' : undefined, ticks: { autoSkip: false } },
      },
    },
  });
}
