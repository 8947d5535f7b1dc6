/**
 * CSRF card (issue 22; rules §4 protection modes; rules §5 "CSRF ... and exception paths start with /, at most 128
 * characters, one per line"): the mode, and the protected and exception paths.
 */
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, LinesField, useIssueText, useModeChoices } from './card-fields.js';

export default function CsrfEditor(props: CardEditorProps<'csrf'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  const modes = useModeChoices(props.allow.cloud_waf.waf_mode, value.mode);
  return (
    <CardFrame props={props}>
      <ChoiceField name="mode" label={t('mode.label')} value={value.mode} choices={modes} error={issueText('mode')} onChange={(mode) => onChange({ ...value, mode })} />
      <LinesField name="paths" label={t('paths.protected')} hint={t('paths.hint')} value={value.paths} error={issueText('paths')} onChange={(paths) => onChange({ ...value, paths })} />
      <LinesField
        name="exception_paths"
        label={t('paths.exception')}
        hint={t('paths.exception-hint')}
        value={value.exception_paths}
        error={issueText('exception_paths')}
        onChange={(exception_paths) => onChange({ ...value, exception_paths })}
      />
      <p className="ec-muted">{t('csrf.how')}</p>
    </CardFrame>
  );
}
