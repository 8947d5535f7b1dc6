/**
 * The password strength meter (rules §5 passwords: 8-20 characters, three of digit, upper case, lower case and special
 * characters), shared by every form where a password is set: a sub-account's (access management) and the user's own
 * (the user center's change password). It only describes the password; whether it is accepted is `validatePassword`'s
 * to say, and the form shows that as the field's message.
 */
import { passwordStrength } from '../../rules/access.js';
import { useT } from '../element-context.js';

const STRENGTH_KEYS = ['parts.strength.none', 'parts.strength.weak', 'parts.strength.fair', 'parts.strength.good', 'parts.strength.strong'] as const;

/** Props of {@link StrengthMeter}. */
export interface StrengthMeterProps {
  /** The password as typed. */
  password: string;
}

/** A bar of four steps and its word, announced politely as the password changes; `part="strength-meter"`. */
export function StrengthMeter({ password }: StrengthMeterProps) {
  const t = useT('common');
  const level = passwordStrength(password);
  return (
    <div className="ec-strength" part="strength-meter">
      <meter min={0} max={4} low={2} high={3} optimum={4} value={level} aria-label={t('parts.strength.label')} />
      <span className="ec-strength-word" aria-live="polite">
        {t('parts.strength.label')}: {t(STRENGTH_KEYS[level])}
      </span>
    </div>
  );
}
