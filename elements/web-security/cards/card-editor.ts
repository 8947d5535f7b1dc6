/**
 * What every protection card editor of `<ec-web-security>` is given (issue 22). The page (the strategy view) owns the
 * card's draft, its confirmation of the switch, its save through `/v5` and its validation (core/rules/
 * security-cards.ts); an editor only shows the value, reports edits and shows the issues it is handed, so each card
 * is a small module loaded when its card is opened.
 */
import type { FieldIssue } from '../../../core/rules/types.js';
import type { PackageAllow } from '../../../core/api/endpoints/platform.js';
import type { SecurityCardName, SecurityCardValues } from '../../../core/security/cards.js';

export interface CardEditorProps<N extends SecurityCardName> {
  name: N;
  value: SecurityCardValues[N];
  /** Replaces the draft (the switch itself is the page's: it asks for confirmation first). */
  onChange(value: SecurityCardValues[N]): void;
  /** Issues of this card, fields named from the card's value (`paths.2`, `schedule.start`). */
  issues: readonly FieldIssue[];
  /** False when the business is view-only, the card is plan-locked, or a save is in flight. */
  editable: boolean;
  /** The package's options (allowed protection modes, block page types). */
  allow: PackageAllow;
}
