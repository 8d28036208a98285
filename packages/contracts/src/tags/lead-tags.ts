import { z } from 'zod';
import { text } from '../common/text';

export const MAX_TAGS_PER_LEAD = 20;
export const MAX_TAG_LENGTH = 40;

/** What makes two tags one: case and surrounding spaces do not count ("VIP" is " vip "). */
export function tagKey(tag: string): string {
  return tag.trim().toLowerCase();
}

/** One tag: free text, trimmed, 1-40 characters. */
export const tagSchema = text(MAX_TAG_LENGTH).min(1, 'must not be empty');

/** Tags as written, the first spelling of each kept, repeats (in any case) dropped. */
export const tagListSchema = z
  .array(tagSchema, 'must be a list of tags')
  .transform((tags) => tags.filter((tag, index) => tags.findIndex((other) => tagKey(other) === tagKey(tag)) === index))
  .refine((tags) => tags.length <= MAX_TAGS_PER_LEAD, `must be at most ${MAX_TAGS_PER_LEAD} tags`);

/** PUT /api/leads/:id/tags: the lead's tags from now on. */
export const leadTagsInputSchema = z.object({ tags: tagListSchema });
export type LeadTagsInput = z.output<typeof leadTagsInputSchema>;

/** GET /api/tags: each tag on the leads the viewer may see (archived aside), most used first. */
export const tagCountSchema = z.object({ tag: z.string(), count: z.number().int() });
export type TagCount = z.infer<typeof tagCountSchema>;

/** A filter's `tag`: one or several (repeated in the query string), all of which a lead must carry. */
export const tagFilterSchema = z
  .union([tagSchema, z.array(tagSchema)], 'must be a tag or a list of tags')
  .transform((tags) => [...new Set((Array.isArray(tags) ? tags : [tags]).map(tagKey))])
  .refine((keys) => keys.length <= MAX_TAGS_PER_LEAD, `must be at most ${MAX_TAGS_PER_LEAD} tags`);
