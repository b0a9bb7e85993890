/** What a failed zod parse holds (a ZodError has it): each issue's path and message. */
export interface ParseIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * A form's messages, field by field, from a failed parse with the shared schemas (spec §5): the first
 * message of each field. `fieldOf` names the form field an issue's first path key concerns (by default
 * the key itself).
 */
export function fieldErrors<Field extends string>(
  { issues }: ParseIssues,
  fieldOf: (key: string) => Field = (key) => key as Field,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[fieldOf(String(issue.path[0] ?? ''))] ??= issue.message;
  return errors;
}
