/**
 * Bot management card (issue 22; rules §2 "bot"; rules §6 "bot analytics needs ultimate/flagship or above"): an
 * action for each known bot category and one for clients that behave like bots but name none. The categories and the
 * crawlers in them are the matcher's (core/match/security-cards.ts KNOWN_BOTS), so what is set here is what the
 * request trace applies.
 */
import { KNOWN_BOT_CATEGORIES, type KnownBotAction, type UnknownBotAction } from '../../../core/security/cards.js';
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, i18nKey, useIssueText } from './card-fields.js';

const KNOWN_ACTIONS: readonly KnownBotAction[] = ['allow', 'observe', 'block'];
const UNKNOWN_ACTIONS: readonly UnknownBotAction[] = ['observe', 'js_challenge', 'captcha', 'block'];

export default function BotManagementEditor(props: CardEditorProps<'bot_management'>) {
  const t = useT('security-cards');
  const issueText = useIssueText(props.issues);
  const { value, onChange } = props;
  return (
    <CardFrame props={props}>
      <h4>{t('bot.known')}</h4>
      {KNOWN_BOT_CATEGORIES.map((category) => (
        <ChoiceField
          key={category}
          name={`known_bots.${category}`}
          label={t(`bot.category.${i18nKey(category)}`)}
          value={value.known_bots[category]}
          choices={KNOWN_ACTIONS.map((action) => ({ value: action, label: t(`bot.action.${action}`) }))}
          error={issueText(`known_bots.${category}`)}
          onChange={(action) => onChange({ ...value, known_bots: { ...value.known_bots, [category]: action } })}
        />
      ))}
      <ChoiceField
        name="unknown_bot_action"
        label={t('bot.unknown')}
        value={value.unknown_bot_action}
        choices={UNKNOWN_ACTIONS.map((action) => ({ value: action, label: t(`bot.unknown-action.${i18nKey(action)}`) }))}
        error={issueText('unknown_bot_action')}
        onChange={(action) => onChange({ ...value, unknown_bot_action: action })}
      />
      <p className="ec-muted" part="bot-analytics-note">
        {t('bot.analytics-note')}
      </p>
    </CardFrame>
  );
}
