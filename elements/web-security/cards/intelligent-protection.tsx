/**
 * Intelligent application-layer protection card (issue 22; rules §4 "Intelligent protection: default, normal, strict,
 * verification code"): the level, each with a line saying what it does.
 */
import { useT } from '../../../core/ui/element-context.js';
import type { IntelligentLevel } from '../../../core/security/cards.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, useIssueText } from './card-fields.js';

const LEVELS: readonly IntelligentLevel[] = ['default', 'normal', 'strict', 'captcha'];

export default function IntelligentProtectionEditor(props: CardEditorProps<'intelligent_protection'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  return (
    <CardFrame props={props}>
      <ChoiceField
        name="level"
        label={t('intelligent.label')}
        value={value.level}
        choices={LEVELS.map((level) => ({ value: level, label: t(`intelligent.level.${level}`), hint: t(`intelligent.does.${level}`) }))}
        error={issueText('level')}
        onChange={(level) => onChange({ ...value, level })}
      />
    </CardFrame>
  );
}
