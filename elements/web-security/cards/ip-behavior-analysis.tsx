/** IP behaviour analysis card (issue 22; rules §4 protection modes and levels): the mode and the level. */
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, useIssueText, useModeChoices } from './card-fields.js';

export default function IpBehaviorAnalysisEditor(props: CardEditorProps<'ip_behavior_analysis'>) {
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
        choices={(['normal', 'strict'] as const).map((level) => ({ value: level, label: t(`level.${level}`), hint: t(`ip-behavior.level-hint.${level}`) }))}
        error={issueText('level')}
        onChange={(level) => onChange({ ...value, level })}
      />
    </CardFrame>
  );
}
