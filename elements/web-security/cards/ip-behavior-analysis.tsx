// PLACEHOLDER (issue 22): replaced by the helper that builds this card's editor; never lands as is.
import type { CardEditorProps } from './card-editor.js';

export default function IpBehaviorAnalysisEditor(_props: CardEditorProps<'ip_behavior_analysis'>): null {
  return null;
}
