// PLACEHOLDER (issue 22): replaced by the helper that builds this card's editor; never lands as is.
import type { CardEditorProps } from './card-editor.js';

export default function RegionBlockEditor(_props: CardEditorProps<'region_block'>): null {
  return null;
}
