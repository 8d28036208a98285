/** The switch "the agent calls new leads" as a select's value: a source's own choice, or AUTO_CALLBACK's. */
export type AutoCallChoice = 'default' | 'on' | 'off';

export const choiceOf = (autoCall: boolean | null): AutoCallChoice => (autoCall === null ? 'default' : autoCall ? 'on' : 'off');
export const autoCallOf = (choice: AutoCallChoice): boolean | null => (choice === 'default' ? null : choice === 'on');
