/**
 * Replay protection card (issue 22; rules §4 "Replay protection action: intercept, verification code, observation,
 * not allowed"; rules §9 "Replay window options 5, 10, 15 minutes"; rules §5 paths): the window, the action, and the
 * protected and exception paths. What counts as a replay is core/match/security-cards.ts's reading (a request whose
 * X-Timestamp/X-Nonce are missing, outside the window, or seen before), said on the card.
 */
import { REPLAY_WINDOWS_MINUTES, type ReplayAction } from '../../../core/security/cards.js';
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, LinesField, useIssueText } from './card-fields.js';

const ACTIONS: readonly ReplayAction[] = ['block', 'captcha', 'observe', 'deny'];

export default function ReplayProtectionEditor(props: CardEditorProps<'replay_protection'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  return (
    <CardFrame props={props}>
      <p className="ec-muted">{t('replay.how')}</p>
      <ChoiceField
        name="window_minutes"
        label={t('replay.window')}
        value={value.window_minutes}
        choices={REPLAY_WINDOWS_MINUTES.map((minutes) => ({ value: minutes, label: t('replay.minutes', { count: minutes }) }))}
        error={issueText('window_minutes')}
        onChange={(window_minutes) => onChange({ ...value, window_minutes })}
      />
      <ChoiceField
        name="action"
        label={t('replay.action-label')}
        value={value.action}
        choices={ACTIONS.map((action) => ({ value: action, label: t(`replay.action.${action}`), hint: t(`replay.action-hint.${action}`) }))}
        error={issueText('action')}
        onChange={(action) => onChange({ ...value, action })}
      />
      <LinesField name="paths" label={t('paths.protected')} hint={t('paths.hint-all')} value={value.paths} error={issueText('paths')} onChange={(paths) => onChange({ ...value, paths })} />
      <LinesField
        name="exception_paths"
        label={t('paths.exception')}
        hint={t('paths.exception-hint')}
        value={value.exception_paths}
        error={issueText('exception_paths')}
        onChange={(exception_paths) => onChange({ ...value, exception_paths })}
      />
    </CardFrame>
  );
}
