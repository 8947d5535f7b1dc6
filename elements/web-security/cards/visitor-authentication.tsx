// PLACEHOLDER (issue 22): replaced by the helper that builds this card's editor; never lands as is.
import type { CardEditorProps } from './card-editor.js';

export default function VisitorAuthenticationEditor(_props: CardEditorProps<'visitor_authentication'>): null {
  return null;
}
