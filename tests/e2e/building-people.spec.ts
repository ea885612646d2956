// Who runs my building (issue 31 §4), lean: the committee member fills in the office's contact, a member
// and an emergency number (a wrong e-mail is refused on the phone first); the owner sees them with working
// tel:/mailto: links, only the contact buttons the member agreed to, and reads them again with no
// connection. The page's clock is fixed; nothing sleeps. axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { BuildingPeoplePage } from './pages/BuildingPeoplePage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';

const rina = { companyCode: '1001', userName: 'rina', password: 'demo1234' };
const moshe = { companyCode: '1001', userName: 'moshe', password: 'demo1234' };
const OFFICE = 'בניין ניהול נכסים';
const MEMBER = 'דוד כץ';

describe('who runs my building', () => {
  let app: TestApp;
  let state: ServerState;

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    await app.page.clock.setFixedTime(new Date('2026-11-24T09:00:00.000Z'));
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('is kept by the committee and read by a tenant with working contact links, offline too', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    const people = new BuildingPeoplePage(app.page, app.baseUrl);
    await login.signInOn(app.server, rina);
    await people.goto('/building-people/101');
    await people.waitForRoute('buildingPeople');
    await people.waitVisible(people.page.getByText(people.t('empty')));
    await people.link(people.t('edit')).click();
    await people.waitForRoute('buildingPeopleEdit');

    const office = people.t('management');
    await people.field(office, people.t('companyName')).fill(OFFICE);
    await people.field(office, people.t('phone')).fill('03-5551234');
    await people.field(office, people.t('email')).fill('office@binyan');
    await people.field(office, people.t('officeHours')).fill('א׳–ה׳ 9:00–17:00');
    await people.button(people.t('addMember')).click();
    const member = people.t('memberOf', { n: 1 });
    await people.field(member, people.t('name')).fill(MEMBER);
    await people.field(member, people.t('phone')).fill('0541112222');
    await people.field(member, people.t('email')).fill('dov@example.com');
    await people
      .group(member)
      .getByRole('checkbox', { name: people.t('showCall') })
      .check();
    await people.button(people.t('addEmergency')).click();
    await people
      .group(people.t('emergencyOf', { n: 1 }))
      .getByRole('combobox', { name: people.t('kind') })
      .selectOption('elevator');
    await people.field(people.t('emergencyOf', { n: 1 }), people.t('phone')).fill('1-700-500-500');
    await people.button(people.t('save')).click();
    // Refused on the phone, by the server's own rule: nothing was sent.
    await people.expectText(people.page.getByRole('alert'), text('he', 'errors', 'invalidEmail'));
    expect(state.count('SELECT COUNT(*) FROM building_people')).toBe(0);
    await people.field(office, people.t('email')).fill('office@binyan-demo.co.il');
    await people.button(people.t('save')).click();
    await people.expectText(people.page.getByRole('status').filter({ hasText: people.t('saved') }), people.t('saved'));
    expect(state.count('SELECT COUNT(*) FROM building_people')).toBe(1);
    await axeCheck(app.page);
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.navigateTo('userProfile');
    await profile.logout();
    await login.waitForForm();

    await login.signInOn(app.server, moshe);
    await people.approveTerms();
    await waitForServiceWorkerControl(app.page);
    await people.navigateTo('buildingPeople');
    await people.expectAttribute(people.contact('call', OFFICE), 'href', 'tel:035551234');
    await people.expectAttribute(people.contact('email', OFFICE), 'href', 'mailto:office@binyan-demo.co.il');
    await people.expectAttribute(people.contact('call', MEMBER), 'href', 'tel:0541112222');
    // The member agreed to calls only: no message or e-mail button, and the address never reached the phone.
    expect(await people.contact('whatsapp', MEMBER).count()).toBe(0);
    expect(await people.contact('email', MEMBER).count()).toBe(0);
    expect(await people.main().innerHTML()).not.toContain('dov@example.com');
    const lift = people.link(`${people.t('kinds.elevator')} 1700500500`);
    await people.expectAttribute(lift, 'href', 'tel:1700500500');
    await axeCheck(app.page);

    await goOffline(app.context);
    await people.reload();
    await people.waitForRoute('buildingPeople');
    await people.waitVisible(people.page.getByRole('status').filter({ hasText: people.t('keptFrom', { date: '24/11/2026' }) }));
    await people.expectAttribute(people.contact('call', MEMBER), 'href', 'tel:0541112222');
    await goOnline(app.context);
  });
});
