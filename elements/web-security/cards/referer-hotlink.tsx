/**
 * Referer hotlink protection card (issue 22; rules §2 "referer hotlink protection"): an allow or deny list of referer
 * domains (wildcards as `*.example.com`), and whether requests without a Referer pass.
 */
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, LinesField, useIssueText } from './card-fields.js';

export default function RefererHotlinkEditor(props: CardEditorProps<'referer_hotlink'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  return (
    <CardFrame props={props}>
      <ChoiceField
        name="list_type"
        label={t('referer.list-type')}
        value={value.list_type}
        choices={(['allow', 'deny'] as const).map((type) => ({ value: type, label: t(`referer.list.${type}`), hint: t(`referer.list-hint.${type}`) }))}
        error={issueText('list_type')}
        onChange={(list_type) => onChange({ ...value, list_type })}
      />
      <LinesField name="domains" label={t('referer.domains')} hint={t('referer.domains-hint')} value={value.domains} error={issueText('domains')} onChange={(domains) => onChange({ ...value, domains })} />
      <ChoiceField
        name="allow_empty"
        label={t('referer.empty')}
        value={value.allow_empty ? 'allow' : 'refuse'}
        choices={(['allow', 'refuse'] as const).map((choice) => ({ value: choice, label: t(`referer.empty-${choice}`) }))}
        error={issueText('allow_empty')}
        onChange={(choice) => onChange({ ...value, allow_empty: choice === 'allow' })}
      />
    </CardFrame>
  );
}
