/**
 * The password strength meter (rules §5 passwords: 8-20 characters, three of digit, upper case, lower case and special
 * characters), shared by every form where a password is set: a sub-account's (access management) and the user's own
 * (the user center's change password). It only describes the password; whether it is accepted is `validatePassword`'s
 * to say, and the form shows that as the field's message. Its texts are the `password-strength` namespace: an element
 * that shows it lists that namespace in `uses`.
 */
import { passwordStrength } from '../../rules/access.js';
import { useT } from '../element-context.js';
import '../../i18n/namespaces/password-strength.js';

const STRENGTH_KEYS = ['none', 'weak', 'fair', 'good', 'strong'] as const;

/** Props of {@link StrengthMeter}. */
export interface StrengthMeterProps {
  /** The password as typed. */
  password: string;
}

/** A bar of four steps and its word, announced politely as the password changes; `part="strength-meter"`. */
export function StrengthMeter({ password }: StrengthMeterProps) {
  const t = useT('password-strength');
  const level = passwordStrength(password);
  return (
    <div className="ec-row ec-strength" part="strength-meter">
      <meter min={0} max={4} low={2} high={3} optimum={4} value={level} aria-label={t('label')} />
      <span aria-live="polite">
        {t('label')}: {t(STRENGTH_KEYS[level])}
      </span>
    </div>
  );
}
