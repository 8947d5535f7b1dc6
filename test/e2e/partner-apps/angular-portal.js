/**
 * An Angular 20 partner portal embedding `<ec-plan-overview>`: `[attr.lang]` and `[attr.api-base]` bound as
 * attributes, `[token]` as a property, `(ec-navigate)` for the event, `CUSTOM_ELEMENTS_SCHEMA` so Angular accepts
 * the tag; zoneless change detection with signals. Plain JavaScript: the decorator is called as a function and the
 * template compiled in the browser (JIT, `@angular/compiler`), so the test needs no Angular CLI.
 */
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { loadPortal, otherLanguage, switchLabel } from './portal.js';

const config = await loadPortal();

class Portal {
  lang = signal('zh-CN');
  routes = signal([]);
  api = config.api;
  token = config.token;
  switchLabel = switchLabel;

  toggle() {
    this.lang.update(otherLanguage);
  }

  onNavigate(event) {
    event.preventDefault(); // The portal routes itself.
    this.routes.update((seen) => [...seen, event.detail.route]);
  }
}

Component({
  selector: 'partner-portal',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <header>
      <h1>Angular portal</h1>
      <button id="switch-language" type="button" (click)="toggle()">{{ switchLabel(lang()) }}</button>
    </header>
    <p id="events">{{ routes().join(' ') }}</p>
    <ec-plan-overview [attr.lang]="lang()" [attr.api-base]="api" route-mode="hash" [token]="token" (ec-navigate)="onNavigate($event)"></ec-plan-overview>`,
})(Portal);

await bootstrapApplication(Portal, { providers: [provideZonelessChangeDetection()] });
