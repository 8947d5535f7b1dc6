// PLACEHOLDER (issue 22): replaced by the helper that builds this card's editor; never lands as is.
import type { CardEditorProps } from './card-editor.js';

export default function WebshellDetectionEditor(_props: CardEditorProps<'webshell_detection'>): null {
  return null;
}
