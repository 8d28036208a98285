/** A small log-x line chart as standalone SVG: one line per series, N on the x axis. */
export interface Series {
  label: string;
  points: { x: number; y: number }[];
  /** Series of one group share a colour (an API and its baseline); the dashed one is the baseline. */
  group?: string;
  dashed?: boolean;
}

const WIDTH = 760;
const HEIGHT = 380;
const MARGIN = { top: 40, right: 250, bottom: 50, left: 70 };
const COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

/** The smallest round number at or above `value` whose quarters are round too: readable axis ticks. */
function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 1.2, 1.6, 2, 2.4, 3.2, 4, 6, 8, 10].map((step) => step * magnitude).find((candidate) => candidate >= value)!;
}

export function lineChartSvg(title: string, yLabel: string, series: Series[]): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y));
  const [minX, maxX] = [Math.log10(Math.min(...xs)), Math.log10(Math.max(...xs))];
  const maxY = niceCeiling(Math.max(...ys, 1) * 1.05);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => MARGIN.left + (maxX === minX ? plotW / 2 : ((Math.log10(x) - minX) / (maxX - minX)) * plotW);
  const py = (y: number) => MARGIN.top + plotH - (y / maxY) * plotH;
  const ticksY = Array.from({ length: 5 }, (_, i) => (maxY / 4) * i);
  const uniqueX = [...new Set(xs)].sort((a, b) => a - b);
  const groups = [...new Set(series.map((s) => s.group ?? s.label))];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="bold">${escape(title)}</text>`,
    ...ticksY.map((t) => `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${py(t)}" y2="${py(t)}" stroke="#e5e7eb"/><text x="${MARGIN.left - 8}" y="${py(t) + 4}" text-anchor="end">${format(t)}</text>`),
    ...uniqueX.map((x) => `<text x="${px(x)}" y="${MARGIN.top + plotH + 18}" text-anchor="middle">${x >= 1e6 ? `${x / 1e6}M` : `${x / 1e3}k`}</text>`),
    `<text x="${MARGIN.left + plotW / 2}" y="${HEIGHT - 8}" text-anchor="middle">leads in the database (log scale)</text>`,
    `<text transform="translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escape(yLabel)}</text>`,
    ...series.map((s, i) => {
      const colour = COLOURS[groups.indexOf(s.group ?? s.label) % COLOURS.length];
      const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
      const path = s.points.map((p, j) => `${j ? 'L' : 'M'}${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
      const dots = s.points.map((p) => `<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="3" fill="${colour}"/>`).join('');
      const legendY = MARGIN.top + 10 + i * 18;
      const legendX = WIDTH - MARGIN.right + 16;
      return `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"${dash}/>${dots}<line x1="${legendX}" x2="${legendX + 22}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${colour}" stroke-width="2"${dash}/><text x="${legendX + 28}" y="${legendY}">${escape(s.label)}</text>`;
    }),
    '</svg>',
  ];
  return parts.join('\n');
}

function format(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value >= 10 ? 0 : 1);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
