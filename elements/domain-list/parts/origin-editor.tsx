/**
 * The origins of a new website (rules §3 "Origin", rules §5 Origin and performance; shell §3 option enums): rows of
 * address (IPv4, IPv6 or domain), port, line (primary or backup) and weight, with the origin protocol (HTTP, HTTPS,
 * follow) and load balancing (round-robin, IP hash, sticky cookie) of the site. Messages come from
 * `validateWebsiteOrigins`, the rule the server applies too.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, type ReactNode } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import {
  LOAD_BALANCING_MODES,
  ORIGIN_PROTOCOLS,
  type LoadBalancing,
  type OriginLine,
  type OriginProtocol,
} from '../../../core/api/endpoints/websites.js';
import { DEFAULT_HTTP_PORTS } from '../../../core/rules/origin.js';
import { ORIGIN_WEIGHT_DEFAULT } from '../../../core/rules/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { BALANCING_KEYS, LINE_KEYS, ORIGIN_PROTOCOL_KEYS } from '../vocabulary.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

/** One origin row as typed. */
export interface OriginRow {
  address: string;
  port: string;
  line: OriginLine;
  weight: string;
  /** The domain console's fields (rules §3 "protocol type, listening port, priority"); absent in the add wizard. */
  protocol?: number;
  listen_port?: string;
  priority?: string;
}

/**
 * The domain console's extra columns: the listening protocol, listening port and priority, labelled by the caller's
 * catalogue, and whatever the caller shows after a row (the origin's health).
 */
export interface OriginListening {
  labels: { protocol: string; listenPort: string; priority: string };
  protocolOptions: ReadonlyArray<{ value: number; label: string }>;
  /** A new row's extra fields. */
  newRow: Required<Pick<OriginRow, 'protocol' | 'listen_port' | 'priority'>>;
  /** Shown at the end of a row. */
  rowExtra?: (index: number) => ReactNode;
}

/** A new, empty origin row: primary line, the default HTTP port and weight. */
export function newOriginRow(line: OriginLine = 'primary'): OriginRow {
  return { address: '', port: String(DEFAULT_HTTP_PORTS[0]), line, weight: String(ORIGIN_WEIGHT_DEFAULT) };
}

/** Props of {@link OriginEditor}. */
export interface OriginEditorProps {
  origins: readonly OriginRow[];
  originProtocol: OriginProtocol;
  loadBalancing: LoadBalancing;
  /** Issues of `validateWebsiteOrigins` (fields `origins` and `origins.<i>.<field>`). */
  issues: readonly FieldIssue[];
  /** Show the messages (after the user tried to go on). */
  showIssues: boolean;
  onChange: (origins: OriginRow[]) => void;
  onProtocol: (value: OriginProtocol) => void;
  onBalancing: (value: LoadBalancing) => void;
  /** The domain console's extra columns; the add wizard leaves it out. */
  listening?: OriginListening;
  /** The caller's own hint under the rows (e.g. the rules §6 non-standard port notice). */
  hint?: ReactNode;
}

/** The origin rows and the site's origin settings; `part="origins"`. */
export function OriginEditor({ origins, originProtocol, loadBalancing, issues, showIssues, onChange, onProtocol, onBalancing, listening, hint }: OriginEditorProps) {
  const t = useT('domain-list');
  const tRules = useT('rules');
  const baseId = useId();

  const message = (field: string) => {
    if (!showIssues) return null;
    const found = issues.find((item) => item.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
  const edit = (index: number, patch: Partial<OriginRow>) => onChange(origins.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => onChange(origins.filter((_, at) => at !== index));
  const groupMessage = message('origins');
  const protocolOptions = ORIGIN_PROTOCOLS.map((value) => ({ value, label: t(ORIGIN_PROTOCOL_KEYS[value]) }));
  const balancingOptions = LOAD_BALANCING_MODES.map((value) => ({ value, label: t(BALANCING_KEYS[value]) }));
  const lineOptions = (['primary', 'backup'] as const).map((value) => ({ value, label: t(LINE_KEYS[value]) }));

  const input = (index: number, name: 'address' | 'port' | 'weight' | 'listen_port' | 'priority', label: string, extra: { inputMode?: 'numeric' } = {}) => {
    const id = `${baseId}-${index}-${name}`;
    const error = message(`origins.${index}.${name}`);
    return (
      <div className={`ec-field ec-origin-${name.replace('_', '-')}`}>
        <label htmlFor={id} className="ec-small">
          {label}
        </label>
        <InputText
          id={id}
          value={origins[index]![name] ?? ''}
          {...extra}
          invalid={error !== null}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => edit(index, { [name]: event.target.value })}
        />
        {error && (
          <small id={`${id}-error`} className="ec-error-text">
            {error}
          </small>
        )}
      </div>
    );
  };

  return (
    <fieldset className="ec-origin-editor ec-stack" part="origins" aria-describedby={groupMessage ? `${baseId}-origins-error` : undefined}>
      <legend>{t('origins.title')}</legend>
      {origins.map((row, index) => {
        const lineId = `${baseId}-${index}-line`;
        const lineLabel = t('origins.line');
        return (
          <div key={index} className="ec-origin-row" role="group" aria-label={t('origins.row', { index: index + 1 })}>
            {input(index, 'address', t('origins.address'))}
            {input(index, 'port', t('origins.port'), { inputMode: 'numeric' })}
            <div className="ec-field ec-origin-line">
              <label htmlFor={lineId} className="ec-small">
                {lineLabel}
              </label>
              <Dropdown
                inputId={lineId}
                value={row.line}
                options={lineOptions}
                onChange={(event) => edit(index, { line: event.value as OriginLine })}
                pt={namedDropdown(lineLabel)}
              />
            </div>
            {input(index, 'weight', t('origins.weight'), { inputMode: 'numeric' })}
            {listening && (
              <>
                <div className="ec-field ec-origin-protocol">
                  <label htmlFor={`${lineId}-protocol`} className="ec-small">
                    {listening.labels.protocol}
                  </label>
                  <Dropdown
                    inputId={`${lineId}-protocol`}
                    value={row.protocol}
                    options={[...listening.protocolOptions]}
                    onChange={(event) => edit(index, { protocol: event.value as number })}
                    pt={namedDropdown(listening.labels.protocol)}
                  />
                  {message(`origins.${index}.protocol`) && <small className="ec-error-text">{message(`origins.${index}.protocol`)}</small>}
                </div>
                {input(index, 'listen_port', listening.labels.listenPort, { inputMode: 'numeric' })}
                {input(index, 'priority', listening.labels.priority, { inputMode: 'numeric' })}
                {listening.rowExtra?.(index)}
              </>
            )}
            <Button
              type="button"
              icon="pi pi-trash"
              text
              severity="danger"
              className="ec-origin-remove"
              aria-label={t('origins.remove', { index: index + 1 })}
              disabled={origins.length === 1}
              onClick={() => remove(index)}
            />
          </div>
        );
      })}
      {groupMessage && (
        <small id={`${baseId}-origins-error`} className="ec-error-text" role="alert">
          {groupMessage}
        </small>
      )}
      {hint}
      <div className="ec-row">
        <Button type="button" icon="pi pi-plus" outlined label={t('origins.add-primary')} onClick={() => onChange([...origins, { ...newOriginRow('primary'), ...listening?.newRow }])} />
        <Button type="button" icon="pi pi-plus" outlined label={t('origins.add-backup')} onClick={() => onChange([...origins, { ...newOriginRow('backup'), ...listening?.newRow }])} />
      </div>
      <div className="ec-row ec-origin-settings">
        <div className="ec-field">
          <label htmlFor={`${baseId}-protocol`}>{t('origins.protocol')}</label>
          <Dropdown
            inputId={`${baseId}-protocol`}
            value={originProtocol}
            options={protocolOptions}
            onChange={(event) => onProtocol(event.value as OriginProtocol)}
            pt={namedDropdown(t('origins.protocol'))}
          />
        </div>
        <div className="ec-field">
          <label htmlFor={`${baseId}-balancing`}>{t('origins.balancing')}</label>
          <Dropdown
            inputId={`${baseId}-balancing`}
            value={loadBalancing}
            options={balancingOptions}
            onChange={(event) => onBalancing(event.value as LoadBalancing)}
            pt={namedDropdown(t('origins.balancing'))}
          />
        </div>
      </div>
    </fieldset>
  );
}

/** The rows as the API's origins (the rule has checked them; numbers are parsed here). */
export function toOrigins(rows: readonly OriginRow[]): Array<{ address: string; port: number; line: OriginLine; weight: number }> {
  return rows.map((row) => ({ address: row.address.trim(), port: Number(row.port.trim()), line: row.line, weight: Number(row.weight.trim()) }));
}
