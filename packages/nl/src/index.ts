/**
 * @daybook/nl: the natural-language structurer (RULES.md, DECISIONS 26–28). Pure: no I/O, no Node APIs,
 * the same code in the browser's capture box and in the worker's rules provider.
 */
export { capture, captureMany, clientIdOf, type CaptureClient, type CaptureContext, type CaptureOptions, type Piece, type PieceField, type Proposal } from './capture';
export { createRuleContext, localToInstant, type RuleContext } from './context';
export { canonicalClientName, resolveClientName, type ClientAliasEntry, type UnknownClient } from './clients';
export { taskKind } from './kind';
export { capitalizeFirst } from './title';
export { analyseManyWithRules, structureManyWithRules, type TaskReading } from './multi';
export { analyseWithRules, structureWithRules, type ClientAlias, type EstimateHabit, type RulesAnalysis, type RulesInput, type RulesOptions } from './rules';
export { incrementFromLabel, parseCases, requestFromCase, type EvalCase } from './cli/cases';
