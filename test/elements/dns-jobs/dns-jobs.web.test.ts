import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { listDnsJobs } from '../../../core/api/endpoints/dns.js';
import '../../../elements/dns-jobs/element.js';
import { sendKeys } from '@web/test-runner-commands';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { button, choose, dropdownNamed, rows, settled, shadow, testClient, text, until } from '../../helpers/dns-elements.js';

/** The seeded batch-add-records job (demo/server/features/dns/seed.ts): two rows succeeded, one skipped as already present. */
async function seededJobId(): Promise<number> {
  const jobs = await listDnsJobs(testClient(), { type: 'dns.batch-add-records', per_page: 100 });
  return jobs.list.at(-1)!.id;
}

describe('<ec-dns-jobs> (rules §3 DNS job, §4 statuses; shell §2 jobList, jobList/detail-list)', () => {
  before(async () => {
    await signInAsDemoParent();
  });
  afterEach(() => sessionStorage.clear());

  it('rules §3/§4: lists creation time, operator, operation type, status, progress and counts; filters by type', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US" page-size="100"></ec-dns-jobs>`));
    const seeded = rows(element).find((row) => row.textContent!.includes('Batch add records') && row.textContent!.includes('2 succeeded, 1 skipped, 0 failed, of 3'))!;
    expect(seeded, 'the seeded job is listed').to.not.equal(undefined);
    expect(seeded.textContent).to.contain('admin@example.com');
    expect(seeded.textContent).to.contain('Success');
    expect(seeded.textContent).to.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await choose(element, dropdownNamed(element, 'Operation type'), 'Batch add records');
    await settled(element);
    expect(rows(element).every((row) => row.textContent!.includes('Batch add records'))).to.equal(true);
  });

  it('opening details remembers the job, says so with ec-dns-job-opened and asks for the detail route', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US" page-size="100"></ec-dns-jobs>`));
    const id = await seededJobId();
    const opened = oneEvent(element, 'ec-dns-job-opened');
    const navigate = oneEvent(element, 'ec-navigate');
    button(element, `Details of job ${id}`).click();
    expect((await opened).detail.id).to.equal(id);
    expect((await navigate).detail.route).to.equal('cloud-resolving-jobList-detail-list');
    expect(sessionStorage.getItem('ec.dns-jobs.selected')).to.equal(String(id));
  });

  it('rules §3: the detail list shows host, type, line, value and each row result with its reason; filters by result', async () => {
    const id = await seededJobId();
    const element = await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US" view="detail-list" job-id=${id}></ec-dns-jobs>`);
    await settled(element);
    // Issue 18: a repeat is counted as skipped, not failed, and a job without failures reads Success.
    expect(shadow(element).querySelector('[part="job-progress"]')!.textContent).to.contain('2 of 3 succeeded, 1 skipped, 0 failed');
    expect(shadow(element).querySelector('[part="job-progress"] [part="status"]')!.textContent).to.equal('Success');
    const skipped = rows(element).find((row) => row.textContent!.includes('Skipped (already present)'))!;
    expect(skipped.textContent).to.contain('The same record already exists');
    expect(skipped.textContent).to.contain('Default');
    await choose(element, dropdownNamed(element, 'Result'), 'Skipped (already present)');
    await settled(element);
    expect(rows(element)).to.have.length(1);
  });

  it('without job-id the detail list shows the job opened from the list', async () => {
    const id = await seededJobId();
    sessionStorage.setItem('ec.dns-jobs.selected', String(id));
    const element = await fixture<HTMLElement>(html`<ec-dns-jobs lang="zh-CN" view="detail-list"></ec-dns-jobs>`);
    await settled(element);
    expect(text(element)).to.contain('相同的解析记录已存在');
    expect(text(element)).to.contain('批量添加记录');
  });

  it('is accessible in both languages (axe), list and details', async () => {
    const id = await seededJobId();
    for (const lang of ['zh-CN', 'en-US']) {
      const list = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang=${lang}></ec-dns-jobs>`));
      await expect(list).to.be.accessible();
      const details = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang=${lang} view="detail-list" job-id=${id}></ec-dns-jobs>`));
      await until(() => shadow(details).querySelector('[part="job-progress"]'), 'the summary shows');
      await expect(details).to.be.accessible();
    }
  });

  it('issue 19: starts from a bookmarked view (view-state) and reports each change with ec-view-state', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US" view-state="type=dns.batch-add-records&status=bogus"></ec-dns-jobs>`));
    await until(() => rows(element).length > 0 && rows(element).every((row) => row.textContent!.includes('Batch add records')), 'only batch-add-records jobs');
    expect(dropdownNamed(element, 'Operation type').textContent).to.contain('Batch add records');
    const changed = oneEvent(element, 'ec-view-state');
    await choose(element, dropdownNamed(element, 'Status'), 'Success');
    expect((await changed).detail.state).to.equal('type=dns.batch-add-records&status=success');
    const detail = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US" view="detail-list" job-id=${await seededJobId()} view-state="result=skipped"></ec-dns-jobs>`));
    await until(() => rows(detail).length > 0 && rows(detail).every((row) => row.textContent!.includes('Skipped')), 'only skipped rows');
  });

  it('issue 19: by keyboard alone the details of a job open (Tab to the row action, Enter)', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-dns-jobs lang="en-US"></ec-dns-jobs>`));
    const refresh = button(element, 'Refresh');
    refresh.focus();
    const details = shadow(element).querySelector<HTMLButtonElement>('[part="table"] .ec-col-actions button')!;
    for (let step = 0; step < 40 && shadow(element).activeElement !== details; step++) await sendKeys({ press: 'Tab' });
    expect(shadow(element).activeElement, 'Tab reaches the first row action').to.equal(details);
    const navigate = oneEvent(element, 'ec-navigate');
    await sendKeys({ press: 'Enter' });
    expect((await navigate).detail.route).to.equal('cloud-resolving-jobList-detail-list');
  });
});
