// The hot-seat cover: between two captains sharing this browser, nothing of the next one's hand
// shows until they take the screen.

export function Cover(props: { who: string; onTake(): void }) {
  const Who = props.who.charAt(0).toUpperCase() + props.who.slice(1);
  return (
    <div class="cover" role="dialog" aria-modal="true" aria-label={`Pass the screen to ${props.who}`}>
      <div class="cover-box">
        <p class="cover-title">Pass the screen to {props.who}</p>
        <p>The others look away. {Who}: press Enter or the button when you hold the screen.</p>
        <button type="button" class="act cover-take" onClick={props.onTake}>
          <kbd>Enter</kbd> <span class="act-text">I am {props.who}: show my hand</span>
        </button>
      </div>
    </div>
  );
}
