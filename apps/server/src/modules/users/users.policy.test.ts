import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth/actor';
import { adminFieldsChanged, authorizeUserUpdate } from './users.policy';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 1,
  companyId: 1,
  name: 'Caller',
  email: 'caller@example.com',
  profile: 'user',
  isSuper: false,
  allTicket: 'desabled',
  queueIds: [],
  tokenVersion: 0,
  company: { id: 1, name: 'Company', status: true, dueDate: null, plan: null },
  ...overrides,
});

const target = { id: 1, super: false, profile: 'user', allTicket: 'desabled', whatsappId: null };

describe('adminFieldsChanged', () => {
  it('names only the admin-only fields whose values differ', () => {
    expect(
      adminFieldsChanged(target, [3, 4], { profile: 'user', queueIds: [4, 3], whatsappId: null }),
    ).toEqual([]);
    expect(
      adminFieldsChanged(target, [3], {
        profile: 'admin',
        allTicket: 'enabled',
        whatsappId: 9,
        queueIds: [],
      }),
    ).toEqual(['profile', 'allTicket', 'whatsappId', 'queueIds']);
  });
});

describe('authorizeUserUpdate', () => {
  it('lets users edit their own personal fields and nobody else', () => {
    expect(() =>
      authorizeUserUpdate(actor(), target, [], { name: 'New name', language: 'es' }),
    ).not.toThrow();
    expect(() => authorizeUserUpdate(actor({ userId: 2 }), target, [], { name: 'X' })).toThrow(
      'No permission',
    );
  });

  it('refuses a non-admin changing an admin-only field of their own', () => {
    expect(() =>
      authorizeUserUpdate(actor({ profile: 'supervisor' }), target, [], { profile: 'admin' }),
    ).toThrow('No permission');
  });

  it('lets admins edit anyone but a super user, whom only a super user edits', () => {
    const admin = actor({ userId: 5, profile: 'admin' });
    expect(() => authorizeUserUpdate(admin, target, [], { profile: 'admin' })).not.toThrow();
    expect(() => authorizeUserUpdate(admin, { ...target, super: true }, [], { name: 'X' })).toThrow();
    expect(() =>
      authorizeUserUpdate(actor({ userId: 5, isSuper: true }), { ...target, super: true }, [], {}),
    ).not.toThrow();
  });
});
