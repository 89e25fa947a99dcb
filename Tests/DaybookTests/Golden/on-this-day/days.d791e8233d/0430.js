daybookOnThisDayDay("0430",[[2024,"\uc11c\uc6b8\uc758 \ubc24","2024/04/30/%EC%84%9C%EC%9A%B8%EC%9D%98-%EB%B0%A4/index.html"]]);
