interface TemperatureSliderProps {
  id: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** Temperature 0..max in steps of 0.1, labelled More focused / More creative, one decimal shown. */
export function TemperatureSlider({ id, value, max, onChange, disabled }: TemperatureSliderProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="font-medium text-sm">
          Temperature
        </label>
        <span className="font-mono text-sm" data-testid={`${id}-value`}>
          {value.toFixed(1)}
        </span>
      </div>
      <p className="text-muted-foreground text-xs" id={`${id}-hint`}>
        How much the wording varies from one answer to the next: lower is more predictable.
      </p>
      <input
        id={id}
        aria-describedby={`${id}-hint`}
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Math.round(Number(e.target.value) * 10) / 10)}
        className="w-full accent-primary"
      />
      <div className="flex justify-between text-muted-foreground text-xs">
        <span>More focused</span>
        <span>More creative</span>
      </div>
    </div>
  );
}
