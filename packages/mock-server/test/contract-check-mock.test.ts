import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { findOperation } from '@lms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import {
  allFlags,
  cli,
  closeServers,
  listen,
  mainFlags,
  readRequest,
  sendAnswer,
  startMock,
} from './lying-server.js';

// The backend team's contract checker (packages/contract) against the mock server, from its
// command line: a run where every check ran and passed exits 0, an incomplete one (checks not
// exercised, with or without --read-only) exits 3, one that cannot sign in exits 2.

/** The JUnit test cases of a check, by operation: '' for a pass, else its failure, skip or error. */
const testcase = (xml: string, operationId: string, check: string) =>
  new RegExp(
    `<testcase classname="contract\\.${operationId}" name="${check}">(.*?)</testcase>`,
  ).exec(xml)?.[1];

let mock = '';
beforeAll(async () => {
  mock = await startMock();
});
afterAll(closeServers);

describe('the contract checker against the mock server', () => {
  it('passes every check on every operation and exits 0', async () => {
    const { code, out, xml } = await cli(['--target', mock, ...allFlags, '--strict-fields']);
    expect(out.split('\n')[0]).toMatch(
      /^Contract check of .*: PASSED — all \d+ checks on 85 of 85 operations reached, 0 failed/,
    );
    expect(out).toContain('No check failed.');
    expect(out).not.toContain('not exercised:');
    expect(out).toMatch(
      /Assumptions \(x-assumed\): \d+ confirmed, 0 seen but not confirmed, 0 contradicted, 0 never exercised/,
    );
    expect(out).toContain('Security (reported; the cookies check fails');
    expect(out).toMatch(/^ {2}cookie token +SameSite +good +Lax$/im);
    expect(out).toMatch(/^ {2}cookie token +Max-Age\/Expires +good +Max-Age=86\d{3}$/im);
    expect(code).toBe(0);
    expect(xml).toMatch(/<testsuites [^>]*failures="0" errors="0" skipped="0"/);
    // the owner rules were exercised and held, on reads (a class's journal too) and on writes
    for (const operationId of [
      'miscGetPaymentCode',
      'visitlogGetJournal',
      'visitlogGetStudentsListSubgroupUpdate',
      'disciplineGetStudents',
      'singlewindowCancelOrder',
    ]) {
      expect(testcase(xml, operationId, 'owner'), operationId).toBe('');
    }
    expect(testcase(xml, 'passwdReset', 'session-end')).toBe('');
    expect(testcase(xml, 'authorize', 'cookies')).toBe('');
  });

  it('without second accounts asks reads with someone else’s listed ids, never writes, and exits 3: incomplete', async () => {
    const { code, out, xml } = await cli(['--target', mock, ...mainFlags, '--seed', '5']);
    expect(out.split('\n')[0]).toMatch(
      /: INCOMPLETE — 0 of \d+ checks failed, \d+ not exercised; 85 of 85 operations reached/,
    );
    expect(out).toContain('No check failed.');
    // a student's payment code and journal asked with a classmate's id_student: refused
    expect(testcase(xml, 'miscGetPaymentCode', 'owner')).toBe('');
    expect(testcase(xml, 'visitlogGetJournalForStudent', 'owner')).toBe('');
    expect(testcase(xml, 'singlewindowSaveOrder', 'owner')).toMatch(
      /<skipped message="no second student \(give --student2\); writes are never sent with anyone else's ids/,
    );
    expect(code).toBe(3);
  });

  it('sends no writes in read-only mode, says why each write check was not exercised, and exits 3', async () => {
    const writes: string[] = [];
    const app = createApp();
    const server = createServer((req, res) => void serveOne(req, res));
    async function serveOne(req: IncomingMessage, res: ServerResponse) {
      const { headers, body } = await readRequest(req);
      const answer = await app.request(`http://lms.test${req.url}`, {
        method: req.method,
        headers,
        body: body.length > 0 ? body : undefined,
      });
      const op = findOperation(req.method ?? 'GET', new URL(req.url ?? '/', 'http://x').pathname);
      if (op?.isWrite && req.method !== 'OPTIONS')
        writes.push(`${op.operationId} ${answer.status}`);
      sendAnswer(res, answer.status, answer.headers, Buffer.from(await answer.arrayBuffer()));
    }
    server.listen(0, '127.0.0.1');
    const target = await listen(server);
    // no slow-client probe: this server keeps a slow client a minute (Node's default)
    const { code, out, xml } = await cli([
      '--target',
      target,
      ...allFlags,
      '--read-only',
      '--slow-client-seconds',
      '0',
    ]);
    expect(writes).toEqual([]);
    expect(out.split('\n')[0]).toMatch(
      /\(read-only\): INCOMPLETE — 0 of \d+ checks failed, \d+ not exercised/,
    );
    const skipped = [...xml.matchAll(/<skipped message="([^"]*)"/g)].map((m) => m[1]);
    expect(skipped.length).toBeGreaterThan(100);
    expect(skipped.every((message) => message?.startsWith('read-only: no writes are sent'))).toBe(
      true,
    );
    // the reads' assumptions are still confirmed: the session and owner rules held
    expect(out).toMatch(/Assumptions \(x-assumed\): [1-9]\d* confirmed, 0 seen but not confirmed/);
    expect(code).toBe(3);
  });

  it('never reads as a pass when it cannot sign in: the reason, exit 2, every check an error', async () => {
    const wrong = await cli([
      '--target',
      mock,
      '--teacher',
      'teacher:wrong',
      '--student',
      'student:Student1',
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.out.split('\n')[0]).toMatch(
      /NOT CHECKED — could not sign in as the teacher "teacher": status 401 \(expected 200\); result 1 ".+" \(expected 0\); no "token" cookie in Set-Cookie; no person in data; 1 of 85 operations reached/,
    );
    expect(wrong.out).not.toMatch(/PASSED|No check failed/);
    expect(wrong.xml).toMatch(/<testsuites [^>]*failures="0" errors="(\d+)" skipped="0"/);
    const errors = Number(/<testsuites [^>]*errors="(\d+)"/.exec(wrong.xml)?.[1]);
    const cases = wrong.xml.match(/<testcase /g)?.length ?? 0;
    // every check but sign-in's own answer is an error in the JUnit file
    expect(errors).toBeGreaterThan(cases - 3);
  });

  it('says its exit codes in its help', async () => {
    const { code, out } = await cli(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/3 +incomplete: checks not exercised/);
  });
});
