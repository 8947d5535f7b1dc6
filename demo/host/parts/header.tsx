/**
 * The 48 px header (shell §1): OEM logo and title, product switcher (cloud-resolving, cloud-speed, taichi-app when
 * present in the sidebar), message bell with unread count, documentation links (hidden under OEM and when
 * embedded), language switch (stored, page reloads) and the user menu (e-mail for a parent, user_name for a child).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef, useState } from 'react';
import { listMessages } from '../../../core/api/endpoints/messages.js';
import { documentationLinksVisible } from '../../../core/config/oem.js';
import { currentUser, headerName, loginType } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import type { ModuleId } from '../route-types.js';
import { oemModuleTitle } from '../oem-settings.js';
import { Brand, LanguageSwitch } from './brand.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

/** Products the switcher may offer (shell §1). */
export const SWITCHABLE_PRODUCTS: readonly ModuleId[] = ['cloud-resolving', 'cloud-speed', 'taichi-app'];

/** Props of the header. */
export interface HeaderProps {
  /** Products present in the sidebar, in switcher order. */
  products: readonly ModuleId[];
  activeModule: ModuleId | null;
  unreadCount: number | null;
  onProduct: (module: ModuleId) => void;
  onMessages: () => void;
  /** Opens one message from the bell's dropdown. */
  onMessage: (id: number) => void;
  onDocumentation: () => void;
  onLogout: () => void;
  /** Reloads the page after a language change (shell §1); injectable for tests. */
  reload?: () => void;
}

/** The console header. */
export function Header({ products, activeModule, unreadCount, onProduct, onMessages, onMessage, onDocumentation, onLogout, reload = () => location.reload() }: HeaderProps) {
  useSignals();
  const t = useT('host');
  const tRoutes = useT('routes');
  const userMenu = useRef<Menu>(null);
  const bellMenu = useRef<Menu>(null);
  const { client } = useElement();
  const [latest, setLatest] = useState<MenuItem[]>([]);
  const user = currentUser.value;

  // The dropdown holds the latest five messages, fetched when it opens: the header is on every page and stays light.
  const openBell = (event: React.MouseEvent) => {
    const all: MenuItem = { label: t('header.all-messages'), icon: 'pi pi-list', command: onMessages };
    setLatest([{ label: t('header.latest-messages'), disabled: true }, all]);
    bellMenu.current?.toggle(event);
    listMessages(client, { per_page: 5 }).then(
      (answer) =>
        setLatest([
          { label: t('header.latest-messages'), disabled: true },
          ...(answer.list.length === 0 ? [{ label: t('header.no-messages'), disabled: true }] : []),
          ...answer.list.map((message) => ({
            label: message.read ? message.title : t('header.message-unread', { title: message.title }),
            className: message.read ? 'ec-bell-read' : 'ec-bell-unread',
            command: () => onMessage(message.id),
          })),
          all,
        ]),
      () => setLatest([{ label: t('header.messages-failed'), disabled: true }, all]),
    );
  };

  // An OEM may rename a module (modulesSettings.<module>.title).
  const productOptions = products.map((module) => ({ value: module, label: oemModuleTitle(module) ?? tRoutes(`module.${module}`) }));
  const userName = user ? headerName(user) : '';

  return (
    <header className="ec-header" part="header">
      <Brand className="ec-header-brand" />
      {productOptions.length > 0 ? (
        <Dropdown
          className="ec-header-products"
          value={activeModule && products.includes(activeModule) ? activeModule : null}
          options={productOptions}
          placeholder={t('header.products')}
          onChange={(event) => onProduct(event.value as ModuleId)}
          aria-label={t('header.switch-product')}
          pt={namedDropdown(t('header.switch-product'))}
        />
      ) : null}
      <span className="ec-spacer" />
      <Button
        type="button"
        text
        className="ec-header-bell"
        icon="pi pi-bell"
        onClick={openBell}
        aria-haspopup="menu"
        aria-label={unreadCount ? `${t('header.messages')}, ${t('header.unread', { count: unreadCount })}` : t('header.messages')}
        badge={unreadCount ? String(unreadCount) : undefined}
        badgeClassName="p-badge-danger"
      />
      <Menu ref={bellMenu} popup model={latest} className="ec-bell-menu" />
      {documentationLinksVisible.value ? (
        <>
          <Button type="button" link className="ec-header-docs" label={t('header.documentation')} onClick={onDocumentation} />
          {/* The API's OpenAPI document (platform/http/openapi.ts) in a new tab: not a console page. */}
          <a className="ec-header-api-docs p-button p-button-link" href={`${client.base}/openapi.json`} target="_blank" rel="noopener noreferrer">
            {t('header.api-docs')}
          </a>
        </>
      ) : null}
      <LanguageSwitch className="ec-header-language" reload={reload} />
      {user ? (
        <>
          <Button
            type="button"
            text
            className="ec-header-user"
            icon="pi pi-user"
            label={userName}
            aria-haspopup="menu"
            aria-label={`${t('header.user-menu')}: ${userName}`}
            onClick={(event) => userMenu.current?.toggle(event)}
          />
          <Menu
            ref={userMenu}
            popup
            model={[
              {
                label: loginType.value === 'child' ? t('header.account-type-child') : t('header.account-type-parent'),
                disabled: true,
              },
              { label: t('header.logout'), icon: 'pi pi-sign-out', command: onLogout },
            ]}
          />
        </>
      ) : null}
    </header>
  );
}
