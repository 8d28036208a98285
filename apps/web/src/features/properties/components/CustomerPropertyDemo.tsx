import { Building, MessageCircle } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { PanelTitle } from '../../../components/PanelTitle';
import { StatTiles } from '../../../components/StatTiles';
import { HERO_STATS } from '../data/marketingFigures';
import { PropertyExplorer } from './PropertyExplorer';
import { PropertyFiguresStrip } from './PropertyFiguresStrip';
import '../properties.css';

const TEXT = {
  title: 'Customer Property Demo',
  subtitle: 'Explore premium properties with AI assistance',
  browse: 'Browse Properties',
  chat: 'Chat with AI',
};

interface CustomerPropertyDemoProps {
  /** The voice-call control, shown in the explorer. */
  callButton: ReactNode;
  /** Opens the text chat with the agent (the call button stays the voice call). */
  onOpenChat: () => void;
}

/** The left half of the page: what a prospective buyer sees. */
export function CustomerPropertyDemo({ callButton, onOpenChat }: CustomerPropertyDemoProps) {
  const titleId = useId();
  const explorerHeading = useRef<HTMLHeadingElement>(null);

  const browse = () => {
    explorerHeading.current?.scrollIntoView?.({ block: 'start' });
    explorerHeading.current?.focus({ preventScroll: true });
  };

  return (
    <section className="panel customer-demo" aria-labelledby={titleId}>
      <PanelTitle id={titleId} title={TEXT.title} subtitle={TEXT.subtitle} />

      <div className="customer-demo__hero">
        <StatTiles stats={HERO_STATS} />
        <div className="customer-demo__actions">
          <button type="button" className="button button--primary" onClick={browse}>
            <Building aria-hidden size={18} />
            {TEXT.browse}
          </button>
          <button type="button" className="button button--secondary" onClick={onOpenChat}>
            <MessageCircle aria-hidden size={18} />
            {TEXT.chat}
          </button>
        </div>
      </div>

      <PropertyExplorer callButton={callButton} headingRef={explorerHeading} />
      <PropertyFiguresStrip />
    </section>
  );
}
