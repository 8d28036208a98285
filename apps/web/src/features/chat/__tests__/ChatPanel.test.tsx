import { CHAT_MESSAGE_MAX_CHARACTERS } from '@lead-desk/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubChatApi } from '../../../testing/fakeChatApi';
import { ChatProvider } from '../ChatProvider';
import { LazyChatPanel } from '../components/LazyChatPanel';
import { useChat } from '../useChat';

const STORAGE_KEY = 'lead-desk:chat';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

function ChatOpener() {
  const { openPanel } = useChat();
  return (
    <button type="button" onClick={openPanel}>
      Chat with AI
    </button>
  );
}

/** The page as far as the chat goes: the button that opens it, and the panel. */
function renderChat() {
  return render(
    <ChatProvider>
      <ChatOpener />
      <LazyChatPanel />
    </ChatProvider>,
  );
}

async function openChat(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
  const panel = await screen.findByRole('dialog', { name: 'Chat with AI' });
  return { panel, user };
}

const conversation = () => within(screen.getByRole('log', { name: 'Conversation' })).queryAllByRole('listitem').map((line) => line.textContent);
const messageBox = () => screen.getByRole('textbox', { name: 'Your message' });
const typing = () => screen.queryByText('The agent is typing…');

/** The visitor sends `text` from the box; once its answer has opened, the answer starts the session given (session-1 unless told; null: none yet). */
async function sendMessage(user: ReturnType<typeof userEvent.setup>, chat: ReturnType<typeof stubChatApi>, text: string, sessionId: string | null = 'session-1') {
  const opened = chat.answers.length;
  await user.type(messageBox(), `${text}{Enter}`);
  await waitFor(() => expect(chat.answers).toHaveLength(opened + 1));
  if (sessionId) chat.answers[opened].session(sessionId, inAnHour());
}

describe('ChatPanel', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens with focus in the box and shows the agent typing, then its words as they stream, before the answer ends', async () => {
    const chat = stubChatApi();
    renderChat();
    const { user } = await openChat();
    expect(messageBox()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'End chat' })).not.toBeInTheDocument();

    await user.type(messageBox(), 'Any 2BHK in Pune?{Enter}');
    expect(messageBox()).toHaveValue('');
    await waitFor(() => expect(chat.answers).toHaveLength(1));
    expect(chat.messages[0]).toEqual({ sessionId: null, text: 'Any 2BHK in Pune?' });
    expect(conversation()).toEqual(['You: Any 2BHK in Pune?']);
    expect(typing()).toBeInTheDocument();

    const [answer] = chat.answers;
    answer.session('session-1', inAnHour());
    answer.say('Yes, ');
    await waitFor(() => expect(conversation()).toEqual(['You: Any 2BHK in Pune?', 'Agent: Yes, ']));
    expect(typing()).not.toBeInTheDocument();
    answer.say('Skyline Residency ', 'in Baner.');
    await waitFor(() => expect(conversation()[1]).toBe('Agent: Yes, Skyline Residency in Baner.'));
    expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-busy', 'true');

    answer.finish();
    await waitFor(() => expect(screen.getAllByRole('listitem')[1]).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('button', { name: 'End chat' })).toBeInTheDocument();

    // The next message continues the session; Shift+Enter starts a new line instead of sending.
    await user.type(messageBox(), 'Price?{Shift>}{Enter}{/Shift}And parking?{Enter}');
    await waitFor(() => expect(chat.messages[1]).toEqual({ sessionId: 'session-1', text: 'Price?\nAnd parking?' }));
  });

  it('lets the visitor write while the agent answers, and sends that message once the answer has finished', async () => {
    const chat = stubChatApi();
    renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello');
    chat.answers[0].say('Hi! ');

    await user.type(messageBox(), 'Villas in Goa?{Enter}');
    await user.type(messageBox(), 'Under 2 Cr.{Enter}');
    await waitFor(() => expect(conversation()).toHaveLength(4));
    expect(conversation()).toEqual([
      'You: Hello',
      'Agent: Hi! ',
      'You: Villas in Goa?Sent when the agent has answered',
      'You: Under 2 Cr.Sent when the agent has answered',
    ]);
    expect(chat.messages).toHaveLength(1);

    chat.answers[0].say('How can I help?');
    chat.answers[0].finish();
    await waitFor(() => expect(chat.messages).toHaveLength(2));
    expect(chat.messages[1]).toEqual({ sessionId: 'session-1', text: 'Villas in Goa?' });
    await waitFor(() => expect(conversation()[3]).toBe('You: Under 2 Cr.Sent when the agent has answered'));
    chat.answers[1].say('Palm Grove Villa.');
    chat.answers[1].finish();
    await waitFor(() => expect(chat.messages).toHaveLength(3));
    expect(chat.messages[2]).toEqual({ sessionId: 'session-1', text: 'Under 2 Cr.' });
    chat.answers[2].finish();
    await waitFor(() => expect(conversation()).toEqual(['You: Hello', 'Agent: Hi! How can I help?', 'You: Villas in Goa?', 'Agent: Palm Grove Villa.', 'You: Under 2 Cr.']));
  });

  it('keeps the conversation through a reload, open as it was, and continues its session', async () => {
    const chat = stubChatApi();
    const page = renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello');
    chat.answers[0].say('Hi there.');
    chat.answers[0].finish();
    await waitFor(() => expect(conversation()).toEqual(['You: Hello', 'Agent: Hi there.']));

    page.unmount();
    renderChat();
    expect(await screen.findByRole('dialog', { name: 'Chat with AI' })).toBeInTheDocument();
    expect(conversation()).toEqual(['You: Hello', 'Agent: Hi there.']);
    await user.type(messageBox(), 'Still there?{Enter}');
    await waitFor(() => expect(chat.messages[1]).toEqual({ sessionId: 'session-1', text: 'Still there?' }));
  });

  it('stays closed after a reload when the visitor had closed it, the conversation kept for "Chat with AI"', async () => {
    const chat = stubChatApi();
    const page = renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello');
    // Closed while the agent answers: the answer still arrives.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    chat.answers[0].say('Hi there.');
    chat.answers[0].finish();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}').state?.lines).toHaveLength(2));

    page.unmount();
    renderChat();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await openChat(user);
    expect(conversation()).toEqual(['You: Hello', 'Agent: Hi there.']);
  });

  it('forgets a conversation whose session has expired, after a reload and while the page is open', async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        panelOpen: true,
        state: { session: { sessionId: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() }, lines: [{ id: 'm1', author: 'visitor', text: 'Old', status: 'sent' }], failure: null, closed: null, lineCount: 1 },
      }),
    );
    const chat = stubChatApi();
    renderChat();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();

    const { user } = await openChat();
    expect(conversation()).toEqual([]);
    await sendMessage(user, chat, 'Hello', null);
    expect(chat.messages[0].sessionId).toBeNull();
    // A session that expires in 3 s (room for a busy machine to finish the answer first): the conversation goes with it, whatever it showed meanwhile.
    chat.answers[0].session('session-2', new Date(Date.now() + 3000).toISOString());
    chat.answers[0].say('Hi.');
    chat.answers[0].finish();

    // It expires 3 s after it was given: findByText's own second of waiting would race it.
    expect(await screen.findByText('Your earlier chat has expired. Write a message to start a new one.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(conversation()).toEqual([]);
    // Stored by an effect after the render that shows the notice: a busy machine can look in between.
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull());
    await user.type(messageBox(), 'Hello again{Enter}');
    await waitFor(() => expect(chat.messages[1]).toEqual({ sessionId: null, text: 'Hello again' }));
  });

  it('"End chat" ends the session at the API and forgets the conversation; a failure to end says so and keeps it', async () => {
    const endStatuses = [503, 204];
    const chat = stubChatApi({ endStatus: () => endStatuses.shift() ?? 204 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello');
    chat.answers[0].say('Hi.');
    chat.answers[0].finish();
    await waitFor(() => expect(conversation()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'End chat' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The chat could not be ended');
    expect(failure).toHaveTextContent('The chat service is unavailable.');
    expect(conversation()).toHaveLength(2);

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You ended the chat. Write a message to start a new one.')).toBeInTheDocument();
    expect(chat.ended).toEqual(['session-1', 'session-1']);
    expect(conversation()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End chat' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();

    await user.type(messageBox(), 'New question{Enter}');
    await waitFor(() => expect(chat.messages[1]).toEqual({ sessionId: null, text: 'New question' }));
  });

  it('limits a message to what Vapi takes, counting down near the limit, and refuses an empty one', async () => {
    const chat = stubChatApi();
    renderChat();
    const { user } = await openChat();
    expect(messageBox()).toHaveAttribute('maxlength', String(CHAT_MESSAGE_MAX_CHARACTERS));
    expect(messageBox()).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(messageBox()).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line. Your message is required');
    expect(chat.messages).toHaveLength(0);

    await user.click(messageBox());
    await user.paste('a'.repeat(CHAT_MESSAGE_MAX_CHARACTERS - 201));
    expect(screen.queryByText(/characters? left/)).not.toBeInTheDocument();
    await user.type(messageBox(), 'b');
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining('200 characters left'));
    await user.paste('c'.repeat(199));
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining('1 character left'));
    // The box takes no more than the limit.
    await user.type(messageBox(), 'de');
    expect(messageBox()).toHaveValue(`${'a'.repeat(CHAT_MESSAGE_MAX_CHARACTERS - 201)}b${'c'.repeat(199)}d`);
    expect(messageBox()).toHaveAccessibleDescription(expect.stringContaining('0 characters left'));
  });

  it('on a refusal keeps the message in the box, says why in words, and Retry sends it again, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chat = stubChatApi({ refuse: (_, index) => (index === 0 ? { status: 429, message: 'Too many messages: please wait a minute.' } : null) });
    renderChat();
    const { user } = await openChat();
    await user.type(messageBox(), 'Is Palm Grove Villa available?{Enter}');

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Your message was not answered');
    expect(failure).toHaveTextContent('Too many messages: please wait a minute.');
    expect(messageBox()).toHaveValue('Is Palm Grove Villa available?');
    expect(conversation()).toEqual([]);

    await user.dblClick(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(chat.answers).toHaveLength(1));
    expect(chat.messages).toEqual([
      { sessionId: null, text: 'Is Palm Grove Villa available?' },
      { sessionId: null, text: 'Is Palm Grove Villa available?' },
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(messageBox()).toHaveValue('');
    chat.answers[0].session('session-1', inAnHour());
    chat.answers[0].say('It is.');
    chat.answers[0].finish();
    await waitFor(() => expect(conversation()).toEqual(['You: Is Palm Grove Villa available?', 'Agent: It is.']));
    expect(chat.messages).toHaveLength(2);
  });

  it('on an answer that fails midway, drops its words, puts the message back before what was written since, and keeps it through a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chat = stubChatApi();
    const page = renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello');
    chat.answers[0].say('Hi, I can');
    await user.type(messageBox(), 'Villas?{Enter}');
    await user.type(messageBox(), 'and plots');
    chat.answers[0].send({ event: 'error', data: { message: 'The agent could not answer just now. Please try again.' } });

    expect(await screen.findByRole('alert')).toHaveTextContent('The agent could not answer just now. Please try again.');
    expect(conversation()).toEqual([]);
    expect(messageBox()).toHaveValue('Hello\n\nVillas?\n\nand plots');
    expect(chat.messages).toHaveLength(1);

    page.unmount();
    renderChat();
    expect(await screen.findByRole('alert')).toHaveTextContent('The agent could not answer just now. Please try again.');
    expect(messageBox()).toHaveValue('Hello\n\nVillas?');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(chat.messages[1]).toEqual({ sessionId: 'session-1', text: 'Hello\n\nVillas?' }));
  });

  it('says so when the answer stops before it finished', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chat = stubChatApi();
    renderChat();
    const { user } = await openChat();
    await sendMessage(user, chat, 'Hello', null);
    chat.answers[0].say('Hi');
    chat.answers[0].close();
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer stopped before it finished. Please send your message again.');
    expect(messageBox()).toHaveValue('Hello');
  });

  it('on a wide screen is a panel beside the page, which stays usable, and "Chat with AI" brings focus back to the box', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 64rem)', addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubChatApi();
    renderChat();
    const { panel, user } = await openChat();
    expect(panel).not.toHaveAttribute('aria-modal');
    await user.click(screen.getByRole('button', { name: 'Chat with AI' }));
    expect(screen.getByRole('dialog', { name: 'Chat with AI' })).toBeInTheDocument();
    expect(messageBox()).toHaveFocus();
  });

  it('brings focus back to the box when "Chat with AI" is pressed again', async () => {
    stubChatApi();
    renderChat();
    const { user } = await openChat();
    // jsdom has no matchMedia: the panel is the modal dialog of a narrow screen, so focus the page's button directly.
    screen.getByRole('button', { name: 'Close' }).focus();
    screen.getByRole('button', { name: 'Chat with AI', hidden: true }).click();
    await waitFor(() => expect(messageBox()).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Chat with AI' })).toHaveFocus();
  });
});
