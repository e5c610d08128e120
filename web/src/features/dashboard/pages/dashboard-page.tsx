import { ListTodo } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PropertyKpis } from '../../integrations/components/property-kpis';
import { TaskList } from '../../tasks/components/task-list';

/**
 * /dashboard (doc 1 §1-§2): rentals (or associations), unpaid bills and open tasks from the
 * property-management integration, plus the team's open tasks, inside the generic layout.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 p-4 md:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">Dashboard</h1>
        <Button variant="outline" asChild>
          <Link to="/final-dashboard">Open full dashboard</Link>
        </Button>
      </header>
      <PropertyKpis variant="strip" />
      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h2" className="flex items-center gap-2 [&>svg]:size-5">
            <ListTodo aria-hidden="true" /> Open Tasks
          </CardTitle>
        </CardHeader>
        <CardContent>
          <TaskList limit={10} />
        </CardContent>
      </Card>
    </div>
  );
}
