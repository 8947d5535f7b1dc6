/**
 * The editor of each protection card, loaded when its card is first opened (issue 22: a page downloads only what it
 * shows; the strategy page lists eleven cards and a user opens one or two).
 */
import type { ComponentType } from 'react';
import type { SecurityCardName } from '../../../core/security/cards.js';
import type { CardEditorProps } from './card-editor.js';

type EditorModule<N extends SecurityCardName> = () => Promise<{ default: ComponentType<CardEditorProps<N>> }>;

/** Every card's editor module. */
export const CARD_EDITORS: { [N in SecurityCardName]: EditorModule<N> } = {
  bot_management: () => import('./bot-management.js'),
  csrf: () => import('./csrf.js'),
  cloud_waf: () => import('./cloud-waf.js'),
  intelligent_protection: () => import('./intelligent-protection.js'),
  referer_hotlink: () => import('./referer-hotlink.js'),
  visitor_authentication: () => import('./visitor-authentication.js'),
  ip_behavior_analysis: () => import('./ip-behavior-analysis.js'),
  replay_protection: () => import('./replay-protection.js'),
  region_block: () => import('./region-block.js'),
  webshell_detection: () => import('./webshell-detection.js'),
  application_ddos_protection: () => import('./application-ddos-protection.js'),
};
