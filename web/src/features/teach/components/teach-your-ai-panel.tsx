import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AddContent } from './add-content';
import { BusinessSummaryCard } from './business-summary-card';
import { KnowledgeCopilot } from './knowledge-copilot';
import { SuggestionsCard } from './suggestions-card';
import { WhatIKnow } from './what-i-know';

/** Teach Your AI → Manual Training. */
export function TeachYourAiPanel() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <BusinessSummaryCard />
        <KnowledgeCopilot />
        <SuggestionsCard />
      </div>
      <Card data-testid="ai-knowledge">
        <CardHeader className="pb-2">
          <CardTitle as="h2">AI Knowledge</CardTitle>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="know">
            <TabsList>
              <TabsTrigger value="know">What I Know</TabsTrigger>
              <TabsTrigger value="add">Add Content</TabsTrigger>
            </TabsList>
            <TabsContent value="know">
              <WhatIKnow />
            </TabsContent>
            <TabsContent value="add">
              <AddContent />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
