import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PropertyKpis } from './property-kpis';

/** "What your assistant sees": the KPI sentence of the connected property-management system. */
export function KpiSentenceCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">What your assistant sees</CardTitle>
      </CardHeader>
      <CardContent>
        <PropertyKpis variant="sentence" />
      </CardContent>
    </Card>
  );
}
