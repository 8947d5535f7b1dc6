/**
 * Application-layer DDoS/CC protection card (issue 22; rules §4 protection modes and levels): the mode, the level,
 * and in ban mode how long a client stays banned (core/rules/waf-actions.ts BAN_DURATION_RANGE).
 */
import { BAN_DURATION_RANGE } from '../../../core/rules/waf-actions.js';
import { useT } from '../../../core/ui/element-context.js';
import { TextField } from '../../../core/ui/parts/labelled-fields.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, useIssueText, useModeChoices } from './card-fields.js';

export default function ApplicationDdosProtectionEditor(props: CardEditorProps<'application_ddos_protection'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  const modes = useModeChoices(props.allow.cloud_waf.waf_mode, value.mode);
  return (
    <CardFrame props={props}>
      <ChoiceField name="mode" label={t('mode.label')} value={value.mode} choices={modes} error={issueText('mode')} onChange={(mode) => onChange({ ...value, mode })} />
      <ChoiceField
        name="level"
        label={t('level.label')}
        value={value.level}
        choices={(['normal', 'strict'] as const).map((level) => ({ value: level, label: t(`level.${level}`), hint: t(`ddos.level-hint.${level}`) }))}
        error={issueText('level')}
        onChange={(level) => onChange({ ...value, level })}
      />
      {value.mode === 'ban' && (
        <TextField
          label={t('ddos.ban-seconds')}
          hint={t('ddos.ban-hint', { min: BAN_DURATION_RANGE.min, max: BAN_DURATION_RANGE.max })}
          error={issueText('ban_seconds')}
          numeric
          value={value.ban_seconds}
          // Not a number stays NaN, which the card's validation names, rather than silently becoming 0.
          onChange={(text) => onChange({ ...value, ban_seconds: /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN })}
        />
      )}
    </CardFrame>
  );
}
