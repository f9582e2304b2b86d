import { z } from 'zod';
import { TAG_PATTERN } from '../bank-message.schema';
import { TEST_STATUSES } from '../test-run.schema';
import { defineCall } from './define';

/**
 * Test sets (spec pipeline §2 "my test sets", §4 "Tag: public or private", "Test set: qualified or
 * not qualified"): the tags of a project's message bank, each public (every qualifier of the
 * project sees it) or private (its owner only). Qualifier level on the project.
 */

const projectParams = z.object({ projectId: z.string() });

export const TAG_VISIBILITIES = ['public', 'private'] as const;
export type TagVisibility = (typeof TAG_VISIBILITIES)[number];

/** Qualified when every message of the tag is qualified (partially qualified ones do not count). */
export const TEST_SET_STATUSES = ['qualified', 'not_qualified'] as const;

const visibilityFields = {
  visibility: z.enum(TAG_VISIBILITIES),
  /** Who made the tag private (null: it never was, and has no owner). */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Whether the caller may change it: no owner, its owner, or a project configurator or org admin. */
  mayChange: z.boolean(),
};

export const testSet = z.object({
  tag: z.string(),
  messages: z.number(),
  qualified: z.number(),
  status: z.enum(TEST_SET_STATUSES),
  ...visibilityFields,
  /** The project's latest test of the tag. */
  lastTest: z.object({ id: z.string(), status: z.enum(TEST_STATUSES), createdAt: z.string() }).nullable(),
});
export type TestSet = z.infer<typeof testSet>;

/** The caller's test sets: the bank's tags that are public or the caller's own private ones. */
export const listTestSets = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/test-sets',
  params: projectParams,
  response: z.array(testSet),
});

export const tagVisibility = z.object({ tag: z.string(), ...visibilityFields });
export type TagVisibilityRecord = z.infer<typeof tagVisibility>;

/**
 * The tags whose visibility was ever set (the others are public and may be changed by anyone):
 * those the caller sees, and the private tags of others that a test of the project names, since
 * the tests list shows them.
 */
export const listTagVisibilities = defineCall({
  method: 'GET',
  path: '/v4/console/api/projects/{projectId}/tag-visibility',
  params: projectParams,
  response: z.array(tagVisibility),
});

/**
 * Makes a tag public or private. Making it private makes the caller its owner. Asking for the
 * visibility it has already changes nothing and is always accepted.
 * 403 TAG_NOT_OWNER (params.owner) when another user owns it and the caller is neither a project
 * configurator nor an organisation administrator; 404 TAG_NOT_FOUND (params.tag) when no message
 * and no test of the project carries it.
 */
export const setTagVisibility = defineCall({
  method: 'PUT',
  path: '/v4/console/api/projects/{projectId}/tag-visibility',
  params: projectParams,
  body: z.object({
    tag: z.string().min(1).max(100).regex(new RegExp(TAG_PATTERN, 'u')),
    visibility: z.enum(TAG_VISIBILITIES),
  }),
  response: tagVisibility,
});
