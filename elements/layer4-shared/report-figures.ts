/**
 * The headline figures of the TCP reports, computed from a report series: totals, and peaks with the time they
 * happened (Beijing time, rules §9). Bandwidth is bits per second over the bucket (base 1000, shell §9).
 */
import type { TcpSeriesAnswer, TcpSeriesPoint } from '../../core/api/endpoints/tcp-report.js';
import { formatBits, formatBytes, formatLargeNumber, formatLogTime } from '../../core/i18n/format.js';
import type { TFunction } from '../../core/i18n/i18n.js';
import type { Language } from '../../core/i18n/language.js';
import type { Figure } from '../../core/ui/parts/figures.js';

/** The four TCP reports (shell §2 `dataReport` tcpTraffic, tcpSession, tcpCCAttack, accurateAccessControl). */
export const TCP_REPORT_TYPES = ['traffic', 'session', 'cc-attack', 'access-control'] as const;
export type TcpReportType = (typeof TCP_REPORT_TYPES)[number];

const sum = (points: readonly TcpSeriesPoint[], value: (point: TcpSeriesPoint) => number) => points.reduce((total, point) => total + value(point), 0);
const peak = (points: readonly TcpSeriesPoint[], value: (point: TcpSeriesPoint) => number) => {
  let best: TcpSeriesPoint | null = null;
  for (const point of points) if (!best || value(point) > value(best)) best = point;
  return best;
};

/** Headline figures of a report from its series. */
export function reportFigures(type: TcpReportType, answer: TcpSeriesAnswer, t: TFunction, language: Language): Figure[] {
  const { points, bucket_seconds: seconds } = answer;
  const at = (point: TcpSeriesPoint | null) => (point ? t('figure.at', { time: formatLogTime(point.bucket) }) : undefined);
  const perSecond = (count: number) => formatLargeNumber(Math.round((count / seconds) * 100) / 100, language);
  switch (type) {
    case 'traffic': {
      const inPeak = peak(points, (point) => point.bytes_in);
      const outPeak = peak(points, (point) => point.bytes_out);
      return [
        { key: 'in', label: t('figure.bytes-in'), value: formatBytes(sum(points, (point) => point.bytes_in), language) },
        { key: 'out', label: t('figure.bytes-out'), value: formatBytes(sum(points, (point) => point.bytes_out), language) },
        { key: 'peak-in', label: t('figure.peak-in'), value: formatBits(((inPeak?.bytes_in ?? 0) * 8) / seconds, language), note: at(inPeak) },
        { key: 'peak-out', label: t('figure.peak-out'), value: formatBits(((outPeak?.bytes_out ?? 0) * 8) / seconds, language), note: at(outPeak) },
      ];
    }
    case 'session': {
      const concurrent = peak(points, (point) => point.concurrent);
      const opened = peak(points, (point) => point.sessions);
      const failed = sum(points, (point) => point.failed);
      return [
        { key: 'sessions', label: t('figure.sessions'), value: formatLargeNumber(sum(points, (point) => point.sessions), language) },
        { key: 'forwarded', label: t('figure.forwarded'), value: formatLargeNumber(sum(points, (point) => point.forwarded), language) },
        { key: 'concurrent', label: t('figure.peak-concurrent'), value: formatLargeNumber(concurrent?.concurrent ?? 0, language), note: at(concurrent) },
        { key: 'new', label: t('figure.peak-new'), value: perSecond(opened?.sessions ?? 0), note: at(opened) },
        { key: 'failed', label: t('figure.failed'), value: formatLargeNumber(failed, language), tone: failed > 0 ? 'warning' : 'normal' },
      ];
    }
    case 'cc-attack': {
      const attacks = sum(points, (point) => point.attacks);
      const worst = peak(points, (point) => point.attacks);
      return [
        { key: 'attacks', label: t('figure.attacks'), value: formatLargeNumber(attacks, language), tone: attacks > 0 ? 'danger' : 'normal' },
        { key: 'peak', label: t('figure.peak-attacks'), value: perSecond(worst?.attacks ?? 0), note: attacks > 0 ? at(worst) : undefined },
      ];
    }
    case 'access-control': {
      const denied = sum(points, (point) => point.denied);
      const worst = peak(points, (point) => point.denied);
      return [
        { key: 'denied', label: t('figure.denied'), value: formatLargeNumber(denied, language), tone: denied > 0 ? 'warning' : 'normal' },
        { key: 'sessions', label: t('figure.sessions'), value: formatLargeNumber(sum(points, (point) => point.sessions), language) },
        { key: 'peak', label: t('figure.peak-denied'), value: perSecond(worst?.denied ?? 0), note: denied > 0 ? at(worst) : undefined },
      ];
    }
  }
}
