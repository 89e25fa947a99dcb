daybookOnThisDayDay("0501",[[2024,"Untitled entry","2024/05/01/entry/index.html"],[2024,"Fish & chips <at last>","2024/05/01/fish-chips-at-last/index.html"]]);
