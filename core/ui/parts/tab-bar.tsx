/**
 * The tab bar of shell §2 "tab navigation bar", WAI-ARIA tabs with manual activation: arrows, Home and End move focus,
 * Enter or Space (a click) selects, so moving through the tabs does not change routes on every key press. The page
 * frame (./page-layout.tsx) and elements with their own tabs use it; the panel is theirs (`tabPanelProps`).
 */
import { useRef, type KeyboardEvent } from 'react';

/** One tab. */
export interface TabBarItem {
  /** Stable key, usually the child route name. */
  key: string;
  /** Translated text. */
  label: string;
}

/** Props of {@link TabBar}. */
export interface TabBarProps {
  tabs: readonly TabBarItem[];
  /** Key of the selected tab. */
  activeTab?: string;
  /** Called with the key of the tab the user picks. */
  onTabChange?: (key: string) => void;
  /** Ids are derived from it: `<baseId>-tab-<index>` and `<baseId>-panel`. */
  baseId: string;
  /** The element naming the tab list. */
  labelledBy: string;
}

/** The ids a tab panel needs to be tied to the selected tab. */
export function tabPanelProps(baseId: string, tabs: readonly TabBarItem[], activeTab: string | undefined) {
  const selected = Math.max(0, tabs.findIndex((tab) => tab.key === activeTab));
  return { role: 'tabpanel', id: `${baseId}-panel`, 'aria-labelledby': `${baseId}-tab-${selected}` } as const;
}

/** The tab list; `part="tabs"`. */
export function TabBar({ tabs, activeTab, onTabChange, baseId, labelledBy }: TabBarProps) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(0, tabs.findIndex((tab) => tab.key === activeTab));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
  };

  return (
    <div role="tablist" part="tabs" className="ec-tabs" aria-labelledby={labelledBy}>
      {tabs.map((tab, index) => {
        const selected = index === selectedIndex;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="ec-tab"
            aria-selected={selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => {
              if (!selected) onTabChange?.(tab.key);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
