import { CHAT_MESSAGE_MAX_CHARACTERS } from '@lead-desk/contracts';
import { SendHorizontal } from 'lucide-react';
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { FormField } from '../../../components/FormField';
import { useContractForm } from '../../../lib/forms/useContractForm';
import type { ChatFailure } from '../chatConversation';
import { chatComposerSchema } from './chatComposerSchema';
import { CHAT_TEXT } from './chatTexts';

/** The count shows once this few characters are left. */
const COUNT_SHOWN_FROM = 200;

interface ChatComposerProps {
  onSend: (text: string) => void;
  /** The last message that was not answered: its words come back into the box, with Retry. */
  failure: ChatFailure | null;
  messageBoxRef: RefObject<HTMLTextAreaElement | null>;
}

/** The box the visitor writes in. Sending never waits: a message written while the agent answers goes after that answer. */
export function ChatComposer({ onSend, failure, messageBoxRef }: ChatComposerProps) {
  const { form, fieldError, submitWith } = useContractForm(chatComposerSchema, { defaultValues: { text: '' }, labels: { text: CHAT_TEXT.message } });
  const submit = submitWith(async ({ text }) => {
    onSend(text);
    form.reset({ text: '' });
  });

  // The words that were not answered go back into the box, before anything written since: before
  // the page is painted, so the error never shows beside a box without them.
  useLayoutEffect(() => {
    if (!failure) return;
    const written = form.getValues('text');
    form.setValue('text', written && written !== failure.unsent ? `${failure.unsent}\n\n${written}` : failure.unsent);
  }, [failure, form]);

  const left = CHAT_MESSAGE_MAX_CHARACTERS - form.watch('text').length;
  const hint = left <= COUNT_SHOWN_FROM ? `${CHAT_TEXT.keys} ${CHAT_TEXT.charactersLeft(left)}` : CHAT_TEXT.keys;
  const { ref: registerRef, ...field } = form.register('text');

  // Enter sends as in any chat; Shift+Enter, or Enter while an input method composes a word, does not.
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="chat-composer" noValidate onSubmit={submit}>
      {failure && <ErrorNotice title={CHAT_TEXT.notAnswered} error={failure.message} onRetry={() => submit()} />}
      <FormField label={CHAT_TEXT.message} hint={hint} error={fieldError('text')}>
        {(control) => (
          <textarea
            {...control}
            {...field}
            ref={(element) => {
              registerRef(element);
              messageBoxRef.current = element;
            }}
            rows={2}
            maxLength={CHAT_MESSAGE_MAX_CHARACTERS}
            onKeyDown={sendOnEnter}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary chat-composer__send">
        <SendHorizontal aria-hidden size={18} />
        {CHAT_TEXT.send}
      </button>
    </form>
  );
}

