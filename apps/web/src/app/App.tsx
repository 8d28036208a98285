import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ChatProvider, LazyChatPanel, useChat } from '../features/chat';
import { CustomerPropertyDemo } from '../features/properties';
import { VoiceCallButton, VoiceCallProvider } from '../features/voice';
import { AdminDashboard } from './AdminDashboard';
import { DashboardWidthToggle } from './layout/DashboardWidthToggle';
import { useDashboardWidth } from './layout/useDashboardWidth';
import { createQueryClient } from './queryClient';
import { ThemeToggle } from './theme/ThemeToggle';
import './theme/theme.css';
import './App.css';

const TEXT = {
  skipLink: 'Skip to content',
  brand: 'Lead Desk',
  tagline: 'Properties, a voice AI sales agent, and the leads it qualifies',
};

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { width, toggleWidth } = useDashboardWidth();
  return (
    <QueryClientProvider client={queryClient}>
      <VoiceCallProvider>
        <ChatProvider>
          <a className="skip-link" href="#main">
            {TEXT.skipLink}
          </a>
          <header className="app-header">
            <div className="app-header__brand">
              <h1>{TEXT.brand}</h1>
              <p className="app-header__tagline">{TEXT.tagline}</p>
            </div>
            <div className="app-header__controls">
              <DashboardWidthToggle width={width} onToggle={toggleWidth} />
              <ThemeToggle />
            </div>
          </header>
          <main id="main" className="app-main" data-dashboard-width={width}>
            {/* Across the page the dashboard comes first, in reading order as on screen; keys keep each half's state when they swap. */}
            {width === 'full' ? [<AdminDashboard key="dashboard" />, <CustomerDemoWithAgent key="demo" />] : [<CustomerDemoWithAgent key="demo" />, <AdminDashboard key="dashboard" />]}
          </main>
          <LazyChatPanel />
        </ChatProvider>
      </VoiceCallProvider>
    </QueryClientProvider>
  );
}

/** Composes the features here, so the property demo never reaches into the voice call or the chat. */
function CustomerDemoWithAgent() {
  const { openPanel } = useChat();
  return <CustomerPropertyDemo callButton={<VoiceCallButton />} onOpenChat={openPanel} />;
}
