/**
 * Create, edit or batch-add layer-4 rules (rules §3: forwarding protocol, rule port, source IP and port, type,
 * remark, package, load-balancing mode). A batch add takes ports and ranges, at most 100 at once or 1000 on an
 * application-product package (rules §5); the count is shown as it is typed. A package that is not active is
 * refused with the spec's "activate first" message (rules §8), before anything is sent. What is typed stays as a
 * draft until a save succeeds; the server's findings (a taken port, the non-standard port gate) show under their
 * fields.
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { useMemo, useState } from 'react';
import type { FieldIssue } from '../../core/api/catalogue.js';
import {
  batchAddLayer4Rules,
  createLayer4Rule,
  LAYER4_LB_MODES,
  LAYER4_PROTOCOLS,
  LAYER4_SOURCE_TYPES,
  updateLayer4Rule,
  type Layer4LbMode,
  type Layer4Protocol,
  type Layer4Rule,
  type Layer4SourceType,
  type TcpPackage,
} from '../../core/api/endpoints/layer4.js';
import { L4_PORTS_MAX, L4_PORTS_MAX_APPLICATION } from '../../core/rules/origin.js';
import { LAYER4_REMARK_LENGTH, LAYER4_SOURCES_MAX, parsePortList, validateLayer4Port, validateLayer4Rule } from '../../core/rules/layer4.js';
import { issue, onField } from '../../core/rules/types.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../core/ui/parts/dialog.js';
import { LabelledField, SelectField, TextField } from '../../core/ui/parts/labelled-fields.js';
import { useSave } from '../../core/ui/parts/use-save.js';
import { useDraft } from '../../core/ui/use-draft.js';

/** Props of {@link RuleDialog}. */
export interface RuleDialogProps {
  mode: 'create' | 'edit' | 'batch-add';
  /** The rule to edit. */
  rule?: Layer4Rule;
  packages: readonly TcpPackage[];
  onHide: () => void;
  /** Ids of the created or changed rules. */
  onSaved: (ids: number[]) => void;
}

interface RuleDraft {
  protocol: Layer4Protocol;
  port: string;
  type: Layer4SourceType;
  sources: string;
  sourcePort: string;
  remark: string;
  packageId: number | null;
  lbMode: Layer4LbMode;
}

const lines = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');

/** The form dialog; mounted while open. */
export function RuleDialog({ mode, rule, packages, onHide, onSaved }: RuleDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const firstLive = packages.find((entry) => entry.active) ?? packages[0];
  const [draft, setDraft, controls] = useDraft<RuleDraft>(`layer4:${mode}:${rule?.id ?? 'new'}`, () => ({
    protocol: rule?.protocol ?? 'tcp',
    port: rule ? String(rule.rule_port) : '',
    type: rule?.type ?? 'ip',
    sources: rule ? rule.source_ips.join('\n') : '',
    sourcePort: rule ? String(rule.source_port) : '',
    remark: rule?.remark ?? '',
    packageId: rule?.package_id ?? firstLive?.id ?? null,
    lbMode: rule?.lb_mode ?? 'round-robin',
  }));
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const chosen = packages.find((entry) => entry.id === draft.packageId);
  const product = chosen?.product ?? 'standard';
  const portMax = product === 'application' ? L4_PORTS_MAX_APPLICATION : L4_PORTS_MAX;
  const parsed = useMemo(() => (mode === 'batch-add' ? parsePortList(draft.port, product) : null), [mode, draft.port, product]);

  const form = {
    protocol: draft.protocol,
    type: draft.type,
    source_ips: lines(draft.sources),
    source_port: draft.sourcePort,
    remark: draft.remark,
    package_id: draft.packageId,
    lb_mode: draft.lbMode,
  };
  const check = (): FieldIssue[] => [
    ...validateLayer4Rule(form),
    ...(mode === 'batch-add' ? onField('ports', parsed?.issue ?? null) : onField('rule_port', validateLayer4Port(draft.port))),
    // Rules §8: keeping an edited rule on its own inactive package is allowed; choosing one is not.
    ...onField('package_id', chosen && !chosen.active && chosen.id !== rule?.package_id ? issue('layer4.activate-package') : null),
  ];
  const issues = submitted ? [...check(), ...saving.issues] : saving.issues;
  const errorOf = (...fields: string[]) => {
    const found = issues.find((entry) => fields.includes(entry.field));
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
  const update = (change: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...change }));

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (check().length > 0) return;
    const body = { ...form, package_id: draft.packageId ?? 0 };
    const outcome = await saving.run(async () => {
      if (mode === 'batch-add') return (await batchAddLayer4Rules(client, { ...body, ports: draft.port }, { notify: false })).ids;
      if (mode === 'edit' && rule) return [(await updateLayer4Rule(client, { ...body, id: rule.id, rule_port: draft.port }, { notify: false })).id];
      return [(await createLayer4Rule(client, { ...body, rule_port: draft.port }, { notify: false })).id];
    });
    if (!outcome.ok) return;
    controls.discard();
    onSaved(outcome.value);
  };

  const header = mode === 'batch-add' ? t('form.batch-add-title') : mode === 'edit' && rule ? t('form.edit-title', { protocol: rule.protocol.toUpperCase(), port: rule.rule_port }) : t('form.create-title');
  const packageOptions = packages.map((entry) => ({ value: entry.id, label: entry.active ? entry.name : t('package.inactive', { name: entry.name }) }));
  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} />;

  return (
    <EcDialog visible onHide={onHide} header={header} footer={footer} error={saving.error} width="560px">
      <form
        className="ec-stack ec-layer4-form"
        part="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SelectField label={t('form.package')} value={draft.packageId} options={packageOptions} onChange={(value) => update({ packageId: value })} error={errorOf('package_id')} />
        <SelectField
          label={t('form.protocol')}
          value={draft.protocol}
          options={LAYER4_PROTOCOLS.map((value) => ({ value, label: t(`protocol.${value}`) }))}
          onChange={(value) => value && update({ protocol: value })}
          error={errorOf('protocol')}
        />
        {mode === 'batch-add' ? (
          <LabelledField
            label={t('form.ports')}
            hint={t('form.ports-hint', { max: portMax, count: parsed && parsed.issue === null ? parsed.ports.length : 0 })}
            error={errorOf('ports')}
          >
            {({ id, describedBy, invalid }) => (
              <InputTextarea id={id} rows={3} value={draft.port} invalid={invalid} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => update({ port: event.target.value })} />
            )}
          </LabelledField>
        ) : (
          <TextField label={t('form.rule-port')} numeric value={draft.port} onChange={(port) => update({ port })} error={errorOf('rule_port')} />
        )}
        <SelectField
          label={t('form.type')}
          value={draft.type}
          options={LAYER4_SOURCE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          onChange={(value) => value && update({ type: value })}
          error={errorOf('type')}
        />
        <LabelledField label={t('form.sources')} hint={draft.type === 'domain' ? t('form.sources-hint-domain') : t('form.sources-hint-ip', { max: LAYER4_SOURCES_MAX })} error={errorOf('source_ips')}>
          {({ id, describedBy, invalid }) => (
            <InputTextarea id={id} rows={3} value={draft.sources} invalid={invalid} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => update({ sources: event.target.value })} />
          )}
        </LabelledField>
        <TextField label={t('form.source-port')} numeric value={draft.sourcePort} onChange={(sourcePort) => update({ sourcePort })} error={errorOf('source_port')} />
        <SelectField
          label={t('form.lb-mode')}
          value={draft.lbMode}
          options={LAYER4_LB_MODES.map((value) => ({ value, label: t(`lb.${value}`) }))}
          onChange={(value) => value && update({ lbMode: value })}
          error={errorOf('lb_mode')}
        />
        <TextField label={t('form.remark')} hint={t('form.remark-hint', { max: LAYER4_REMARK_LENGTH.max })} value={draft.remark} onChange={(remark) => update({ remark })} error={errorOf('remark')} />
      </form>
    </EcDialog>
  );
}
