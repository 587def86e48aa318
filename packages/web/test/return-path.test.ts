import { afterEach, describe, expect, it } from 'vitest';
import { pendingReturn, rememberReturn, takeReturn } from '../src/lib/session/return-path';

const student = { uid: 2001, role: 2 };
const otherStudent = { uid: 2002, role: 2 };
const CONVERSATION = '/lms/chat?discipline=3001&contact=501%3A1';

describe('the screen a session that ended returns to', () => {
  afterEach(() => sessionStorage.clear());

  it('returns the same person to it once', () => {
    rememberReturn(CONVERSATION, student);
    expect(pendingReturn()).toBe(CONVERSATION);
    expect(takeReturn(student)).toBe(CONVERSATION);
    expect(takeReturn(student)).toBeNull();
  });

  it('sends someone else who signs in on the tab to the main screen, and forgets it', () => {
    rememberReturn(CONVERSATION, student);
    expect(takeReturn(otherStudent)).toBeNull();
    expect(takeReturn({ uid: student.uid, role: 1 })).toBeNull();
    expect(takeReturn(student)).toBeNull();
  });

  it('keeps only a screen of the portal', () => {
    rememberReturn('/lms/login', student);
    rememberReturn('//elsewhere.example/lms', student);
    expect(pendingReturn()).toBeNull();
  });
});
