/**
 * Drill-down from the bot pages to log retrieval (issue 25: every chart selection opens the logs with that filter and
 * the report's range): the advanced search expression (core/logs/expression.ts) naming a bot's user agent token, a
 * category's tokens, or an unknown signature's exact user agent or fingerprint, passed as `q` through
 * reports-shared/drill-down.ts `logsView()`.
 */
import type { BotCategory, BotSignature } from '../../core/logs/bots.js';
import { KNOWN_BOTS, type KnownBot } from '../../core/logs/bots.js';
import type { TimeRange } from '../../core/i18n/time-range.js';
import { expressionString } from '../../core/logs/expression-string.js';
import { logsView } from '../reports-shared/drill-down.js';

/** The lines of a known bot's user agent (verified or not: log retrieval shows what came, the report what verified). */
export function botExpression(bot: KnownBot): string {
  return `user_agent contains ${expressionString(bot.token)}`;
}

/** The lines of every bot of a category. */
export function categoryExpression(category: BotCategory): string {
  return KNOWN_BOTS.filter((bot) => bot.category === category)
    .map(botExpression)
    .join(' or ');
}

/** The lines of an unknown signature. */
export function signatureExpression(signature: BotSignature): string {
  return `${signature.kind === 'ja3' ? 'ja3' : 'user_agent'} = ${expressionString(signature.value)}`;
}

/** The log retrieval view of an expression over the range and websites shown. */
export function botLogsView(range: TimeRange, domainId: number | null, expression: string, extra: Record<string, string> = {}): string {
  return logsView({ from: range.start, to: range.end, domainIds: domainId !== null ? [domainId] : [], extra: { q: expression, ...extra } });
}
